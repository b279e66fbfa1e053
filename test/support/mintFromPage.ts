import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** The id of the first available Pix on browse page `browsePage` (each spec uses pages the others do not). */
export async function firstAvailableId(page: Page, browsePage: number): Promise<number> {
  await page.goto(`/browse?page=${browsePage}`);
  return Number(/#(\d+)/.exec(await page.getByRole("article").first().innerText())?.[1]);
}

/** Mints Pix `id` from its mint page with the installed test wallet (connecting and signing in on the way), on the chain named `chain` when given. */
export async function mintFromItsPage(page: Page, id: number, chain?: RegExp): Promise<void> {
  await page.goto(`/mint/${id}`);
  if (chain) await page.getByRole("radio", { name: chain }).check();
  await page.getByRole("button", { name: "Mint This Pix" }).click();
  await page
    .getByRole("dialog", { name: "Connect Wallet" })
    .getByRole("button", { name: /Pixlings Test Wallet/ })
    .click();
  await expect(page.getByRole("heading", { name: /Mint Successful|Minting Complete/ })).toBeVisible({ timeout: 60_000 });
}
