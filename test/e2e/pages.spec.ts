import { expect, expectAccessible, screenshots, test } from "../support/fixtures.ts";
import { E2E_WALLETS } from "../support/env.ts";

test("home renders with live stats from the chains", async ({ page, request }) => {
  await page.goto("/");
  const stats = (await (await request.get("/api/stats")).json()) as { minted: number; available: number };
  const stat = (label: string) => page.locator(`xpath=//dt[normalize-space()='${label}']/following-sibling::dd[1]`);
  await expect(stat("Total Pixlings")).toHaveText("9,999");
  await expect(stat("Minted")).toHaveText(stats.minted.toLocaleString("en-US"));
  await expect(stat("Available")).toHaveText(stats.available.toLocaleString("en-US"));
  await expect(page.getByRole("heading", { name: "Featured Collection" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Artist Pieces" })).toBeVisible();
  await screenshots(page, "home");
  await expectAccessible(page);
});

test("browse shows 100 per page, pages and sizes", async ({ page }) => {
  await page.goto("/browse");
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(100);
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(cards).toHaveCount(100);
  await expect(page.locator("[data-grid-size]")).toHaveAttribute("data-grid-size", "M");
  await page.getByRole("button", { name: "XL", exact: true }).click();
  await expect(page.locator("[data-grid-size]")).toHaveAttribute("data-grid-size", "XL");
  await expect(page.getByRole("button", { name: "XL", exact: true })).toHaveAttribute("aria-pressed", "true");
  await page.goto("/browse?page=999");
  await expect(page.getByText(/^Page (\d+) of \1$/)).toBeVisible();
  await page.goto("/browse?filter=artist");
  await expect(page.getByRole("heading", { name: "Artist Pieces" })).toBeVisible();
  // Wait for the cards before judging them: every card shown is an Artist piece, and there are some.
  const pieces = page.getByRole("article");
  await expect(pieces.first()).toBeVisible();
  await expect(pieces.filter({ hasNotText: "Artist" })).toHaveCount(0);
  await page.goto("/browse");
  await screenshots(page, "browse");
  await expectAccessible(page);
});

test("mint page and My Pixlings render and are accessible", async ({ page, useWallet }) => {
  await useWallet(E2E_WALLETS.rejecter.privateKey);
  await page.goto("/mint/250");
  await expect(page.getByRole("heading", { name: "Mint This Pix" })).toBeVisible();
  await screenshots(page, "mint");
  await expectAccessible(page);
  await page.goto("/my-pixlings");
  await expect(page.getByText("Login or Connect Wallet")).toBeVisible();
  await screenshots(page, "my-pixlings");
  await expectAccessible(page);
});

test("an unknown route shows Page Not Found", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await screenshots(page, "not-found");
});

test("FAQ keeps one answer open; the theme choice is stored", async ({ page }) => {
  await page.goto("/");
  const faq = page.locator('section[aria-labelledby="faq-title"]').getByRole("button");
  await faq.nth(0).click();
  await expect(faq.nth(0)).toHaveAttribute("aria-expanded", "true");
  await faq.nth(1).click();
  await expect(faq.nth(0)).toHaveAttribute("aria-expanded", "false");
  await expect(faq.nth(1)).toHaveAttribute("aria-expanded", "true");
  await faq.nth(1).click();
  await expect(faq.nth(1)).toHaveAttribute("aria-expanded", "false");

  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await page.getByRole("banner").getByLabel("Theme").selectOption("dark");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await screenshots(page, "home-dark");
});

test("the contract page lists each chain's live address", async ({ page, stack }) => {
  await page.goto("/contract");
  for (const chain of stack.chains) await expect(page.getByText(chain.address).first()).toBeVisible();
  await screenshots(page, "contract");
});
