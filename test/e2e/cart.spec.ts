import { expect, test } from "../support/fixtures.ts";
import type { Page } from "@playwright/test";

const toast = (page: Page) => page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");

test("the cart holds at most 10 Pix, refuses duplicates and survives a reload", async ({ page }) => {
  await page.goto("/browse?page=3");
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(100);
  const addButton = (i: number) => cards.nth(i).getByRole("button", { name: "Add to cart" });
  for (let i = 0; i < 10; i++) {
    await addButton(i).click();
    await expect(toast(page)).toContainText("Added to cart");
  }
  await expect(page.getByRole("button", { name: /Cart \(\s*10 items\)/ })).toBeVisible();
  await addButton(10).click();
  await expect(toast(page)).toContainText("Cart is full");
  await expect(toast(page)).toContainText("You can only add 10 items to your cart");
  // No duplicates: a Pix in the cart offers "In cart" (which takes it out), never a second "Add to cart".
  await expect(cards.nth(0).getByRole("button", { name: "In cart (remove)" })).toBeVisible();
  await expect(addButton(0)).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole("button", { name: /Cart \(\s*10 items\)/ })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("pixlings_cart_items") ?? "null"));
  expect(JSON.stringify(stored)).toContain('"quantity":1');

  await page.getByRole("button", { name: /Cart \(\s*10 items\)/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Shopping Cart (10/10)" })).toBeVisible();
  await dialog
    .getByRole("button", { name: /^Remove / })
    .first()
    .click();
  await expect(dialog.getByRole("heading", { name: "Shopping Cart (9/10)" })).toBeVisible();
  await dialog.getByRole("button", { name: /Clear/ }).click();
  await expect(dialog.getByRole("heading", { name: "Shopping Cart (0/10)" })).toBeVisible();
  await dialog.getByRole("button", { name: "Close cart" }).click();
  await expect(page.getByRole("button", { name: /Cart \(\s*0 items\)/ })).toBeVisible();
});
