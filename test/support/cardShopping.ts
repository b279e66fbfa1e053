// Helpers of the card specs: a buyer's cart, /checkout's test-card form, the Credit Card tab's waits.
import { expect, type Page } from "@playwright/test";
import { createPublicClient, http, parseAbi, type Address } from "viem";
import { screenshots } from "./fixtures.ts";

export const toast = (page: Page) => page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");
/** /checkout carries only the order's id. */
export const ORDER_URL = /\/checkout\?order=[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Minting for a card order runs on the server (custody mint, then the indexer): slower than a page. */
export const MINTED_TIMEOUT = 90_000;

/** Desktop and 375 px, light and dark. */
export async function themedScreenshots(page: Page, name: string): Promise<void> {
  await screenshots(page, `${name}-light`);
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshots(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: "light" });
}

/** The first `count` Pix of a browse page, added to the cart when `toCart`. */
export async function pixOfPage(page: Page, browsePage: number, count: number, toCart: boolean): Promise<number[]> {
  await page.goto(`/browse?page=${browsePage}`);
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(100);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    ids.push(Number(/#(\d+)/.exec(await cards.nth(i).innerText())?.[1]));
    if (toCart) await cards.nth(i).getByRole("button", { name: "Add to cart" }).click();
  }
  expect(ids.every((id) => id > 0)).toBe(true);
  return ids;
}

/** /checkout's test-card form, typed as a buyer types it. */
export async function payWithCard(page: Page, number: string): Promise<void> {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
}

export async function ownerOnChain(rpcUrl: string, contract: Address, tokenId: number): Promise<Address> {
  const client = createPublicClient({ transport: http(rpcUrl) });
  return client.readContract({
    address: contract,
    abi: parseAbi(["function ownerOf(uint256 tokenId) view returns (address)"]),
    functionName: "ownerOf",
    args: [BigInt(tokenId)],
  });
}
