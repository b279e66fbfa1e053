// Helpers of the artist and admin areas' browser tests (e2e/artists.spec.ts).
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

// By CSS, not by role: while a modal dialog is open the toasts are hidden from assistive technology
// (so the dialogs say the same inside themselves, checked by role below).
export const toast = (page: Page) => page.locator("[data-variant]");
export const cell = (page: Page, row: number, column: number) => page.getByRole("gridcell", { name: new RegExp(`^Row ${row}, column ${column}:`) });
export const dialog = (page: Page) => page.getByRole("dialog");

/** A refused submit: the field is focused, marked invalid, on screen, and says what is missing; no toast lies over Submit. */
export async function expectRefused(page: Page, field: string, message: string): Promise<void> {
  const input = dialog(page).getByLabel(field, { exact: true });
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(new RegExp(`^${message.replace(/[.:]/g, "\\$&")}`));
  await expect(input).toBeInViewport();
  await expect(toast(page)).toHaveCount(0);
  const submit = dialog(page).getByRole("button", { name: "Submit Artwork" });
  await submit.scrollIntoViewIfNeeded();
  const box = await submit.boundingBox();
  const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("button")?.textContent, {
    x: box!.x + box!.width / 2,
    y: box!.y + box!.height / 2,
  });
  expect(onTop).toBe("Submit Artwork");
}

/**
 * The first id from 4400 up that is unminted, unreserved, not an Artist piece and still has its
 * generated art (other specs mint low ids; a rerun on the same stack never reuses a replaced Pix).
 */
export async function findTarget(page: Page): Promise<number> {
  for (let id = 4400; id < 4500; id++) {
    const nft = (await (await page.request.get(`/api/nfts/token/${id}`)).json()) as {
      isMinted: boolean;
      reservedUntil: string | null;
      rarity: string;
      imageUrl: string;
    };
    if (!nft.isMinted && !nft.reservedUntil && nft.rarity !== "Artist" && nft.imageUrl.endsWith("?v=1")) return id;
  }
  throw new Error("no free target between 4400 and 4499");
}
