import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { coloursOf } from "@pixlings/test-kit/localPrintful";
import { decodeIndexedPng } from "@pixlings/test-kit/png";
import { expect, expectAccessible, screenshots, test } from "../support/fixtures.ts";
import { E2E_WALLETS } from "../support/env.ts";
import { atPhoneWidthInBothThemes } from "../support/layout.ts";
import { firstAvailableId, mintFromItsPage } from "../support/mintFromPage.ts";

const toast = (page: Page) => page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");

test("the owner previews a mug with their Pix, sees the rendered mockup, and waits out a 429", async ({ page, useWallet }) => {
  await useWallet(E2E_WALLETS.merch.privateKey, 31337);
  const id = await firstAvailableId(page, 45);
  await mintFromItsPage(page, id);

  await page.goto(`/owned-pix/${id}`);
  await page.getByRole("tab", { name: "Products" }).click();
  const generate = page.getByRole("button", { name: "Generate Preview" });
  // Nothing chosen: the button waits for a complete choice and says what is missing.
  await expect(generate).toBeDisabled();
  await expect(generate).toHaveAccessibleDescription("Choose a category and a product first");

  // Apparel offers the shirts (as pictures), never product 599; another category starts over.
  await page.getByRole("button", { name: "Apparel" }).click();
  const products = page.getByRole("group", { name: "Product" });
  // A product is picked by its picture's tile, as a shopper taps it.
  const pick = async (title: string) => {
    await products.locator("label").filter({ hasText: title }).click();
    await expect(products.getByRole("radio", { name: title })).toBeChecked();
  };
  await expect(products.getByRole("radio", { name: /T-Shirt/ })).toHaveCount(1);
  await expect(products.getByRole("radio", { name: /Long Sleeve/ })).toHaveCount(0);
  const hoodie = products.locator("label").filter({ hasText: "Unisex Heavy Blend Hoodie | Gildan 18500" });
  await expect.poll(() => hoodie.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await pick("Unisex Heavy Blend Hoodie | Gildan 18500");
  await expect(page.getByRole("button", { name: "Left chest embroidery" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByLabel("Color", { exact: true })).toHaveValue("Black");
  await expect(page.getByLabel("Size", { exact: true })).toHaveValue("M");
  // Printful's price of the chosen variant; larger sizes cost more.
  const price = page.getByTestId("product-price");
  await expect(price).toHaveText(/^\$\d+\.\d{2} at Printful$/);
  const medium = await price.innerText();
  await page.getByLabel("Size", { exact: true }).selectOption("3XL");
  await expect(price).not.toHaveText(medium);
  await expect(generate).toBeEnabled();
  // No placement: disabled again, with the spec's words.
  await page.getByRole("button", { name: "Left chest embroidery" }).click();
  await expect(generate).toBeDisabled();
  await expect(generate).toHaveAccessibleDescription("Please select a variant (color/size) and placement");
  await page.getByRole("button", { name: "Drinkware" }).click();
  await expect(products.getByRole("radio", { checked: true })).toHaveCount(0);
  await expect(page.getByLabel("Color", { exact: true })).toHaveCount(0);
  await expect(generate).toBeDisabled();

  await pick("White Glossy Mug");
  await expect(page.getByRole("button", { name: "Print file" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByLabel("Color", { exact: true })).toHaveValue("White");
  await expect(page.getByLabel("Size", { exact: true })).toHaveValue("11 oz");
  await page.getByLabel("Size", { exact: true }).selectOption("15 oz");
  await expect(toast(page)).toHaveCount(0);
  const mugPrice = (await price.innerText()).replace(" at Printful", "");
  const checks: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/printful/check-task/")) checks.push(new URL(request.url()).search);
  });
  await generate.click();
  await expect(page.getByRole("button", { name: "Generating..." })).toBeDisabled();
  const mockups = page.getByRole("region", { name: "Mockups" });
  const image = mockups.getByRole("img", { name: "White Glossy Mug, Print file", exact: true });
  await expect(image).toBeVisible({ timeout: 30_000 });
  // The page waited on one held check, answered as the task ended, not on checks every 2 s.
  expect(checks).toEqual(["?wait=25"]);
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
  // The finished mockup shows its price and downloads as a real image of it.
  await expect(mockups.getByTestId("mockup-price")).toContainText(`White / 15 oz: ${mugPrice}`);
  const [download] = await Promise.all([page.waitForEvent("download"), mockups.getByRole("button", { name: "Download Print file", exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^pixlings-${id}-white-glossy-mug-print-file\\.(png|jpg)$`));
  const saved = await coloursOf(await readFile((await download.path())!));
  for (const colour of pix.palette) expect(saved.has(colour), `downloaded #${colour.toString(16).padStart(6, "0")}`).toBe(true);
  await screenshots(page, "owned-pix-products");
  await expectAccessible(page);
  await atPhoneWidthInBothThemes(page, "the Products tab with a mockup", () => expectAccessible(page));

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
