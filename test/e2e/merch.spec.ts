import type { Page } from "@playwright/test";
import { coloursOf } from "@pixlings/test-kit/localPrintful";
import { decodeIndexedPng } from "@pixlings/test-kit/png";
import { expect, expectAccessible, screenshots, test } from "../support/fixtures.ts";
import { E2E_WALLETS } from "../support/env.ts";
import { firstAvailableId, mintFromItsPage } from "../support/mintFromPage.ts";

const toast = (page: Page) => page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");

test("the owner previews a mug with their Pix, sees the rendered mockup, and waits out a 429", async ({ page, useWallet }) => {
  await useWallet(E2E_WALLETS.merch.privateKey, 31337);
  const id = await firstAvailableId(page, 45);
  await mintFromItsPage(page, id);

  await page.goto(`/owned-pix/${id}`);
  await page.getByRole("tab", { name: "Products" }).click();
  const generate = page.getByRole("button", { name: "Generate Preview" });
  await generate.click();
  await expect(toast(page)).toContainText("Missing Selection");
  await expect(toast(page)).toContainText("Please select a variant (color/size) and placement");

  // Apparel offers the shirts, never product 599; another category starts over.
  await page.getByRole("button", { name: "Apparel" }).click();
  const product = page.getByLabel("Product", { exact: true });
  await expect(product.getByRole("option", { name: /T-Shirt/ })).toHaveCount(1);
  await expect(product.getByRole("option", { name: /Long Sleeve/ })).toHaveCount(0);
  await product.selectOption({ label: "Unisex Heavy Blend Hoodie | Gildan 18500" });
  await expect(page.getByRole("button", { name: "Left chest embroidery" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByLabel("Color", { exact: true })).toHaveValue("Black");
  await expect(page.getByLabel("Size", { exact: true })).toHaveValue("M");
  await page.getByRole("button", { name: "Drinkware" }).click();
  await expect(product).toHaveValue("");
  await expect(page.getByLabel("Color", { exact: true })).toHaveCount(0);

  await product.selectOption({ label: "White Glossy Mug" });
  await expect(page.getByRole("button", { name: "Print file" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByLabel("Color", { exact: true })).toHaveValue("White");
  await expect(page.getByLabel("Size", { exact: true })).toHaveValue("11 oz");
  await page.getByLabel("Size", { exact: true }).selectOption("15 oz");
  await generate.click();
  await expect(page.getByRole("button", { name: "Generating..." })).toBeDisabled();
  const mockups = page.getByRole("region", { name: "Mockups" });
  const image = mockups.getByRole("img", { name: "White Glossy Mug, Print file", exact: true });
  await expect(image).toBeVisible({ timeout: 30_000 });
  await expect(mockups.getByRole("img", { name: "White Glossy Mug, Print file: Close-up" })).toBeVisible();
  // Loaded in the page (the CSP lets the stand-in's images in), and really the Pix on a mug.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const rendered = await coloursOf(Buffer.from(await (await page.request.get((await image.getAttribute("src")) ?? "")).body()));
  const pix = decodeIndexedPng(Buffer.from(await (await page.request.get(`/pixlings/pix_${id}.png`)).body()));
  for (const colour of pix.palette) expect(rendered.has(colour), `#${colour.toString(16).padStart(6, "0")} of Pix #${id}`).toBe(true);
  expect(await page.evaluate(() => [localStorage.getItem("userColorPreferences"), localStorage.getItem("userSizePreferences")])).toEqual([
    JSON.stringify({ lastUsed: "White" }),
    JSON.stringify({ Mug: "15 oz" }),
  ]);
  await screenshots(page, "owned-pix-products");
  await expectAccessible(page);

  // The stack's Printful allows 3 mockups a minute: the 4th is its 429, passed on as a countdown.
  for (let more = 0; more < 2; more++) {
    await page.getByRole("button", { name: "Generate Preview" }).click();
    await expect(page.getByRole("button", { name: "Generate Preview" })).toBeEnabled({ timeout: 30_000 });
  }
  await page.getByRole("button", { name: "Generate Preview" }).click();
  const wait = page.getByRole("button", { name: /^Wait \d+s$/ });
  await expect(wait).toBeDisabled();
  await expect(toast(page)).toContainText("Rate Limited");
  const first = Number(/\d+/.exec((await wait.innerText()) ?? "")?.[0]);
  expect(first).toBeGreaterThan(1);
  await expect(page.getByRole("button", { name: `Wait ${first - 1}s` })).toBeVisible({ timeout: 3_000 });
  await screenshots(page, "owned-pix-rate-limited");
});
