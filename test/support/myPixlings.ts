import type { Page } from "@playwright/test";

/** My Pixlings' Crypto Wallet tab: Connect Wallet -> the test wallet. */
export async function connectOnMyPixlings(page: Page): Promise<void> {
  await page.goto("/my-pixlings");
  await page.getByRole("tab", { name: /Crypto Wallet/ }).click();
  await page.getByRole("tabpanel").getByRole("button", { name: "Connect Wallet" }).click();
  await page
    .getByRole("dialog", { name: "Connect Wallet" })
    .getByRole("button", { name: /Pixlings Test Wallet/ })
    .click();
}
