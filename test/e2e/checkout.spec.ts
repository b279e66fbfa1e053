import type { Page } from "@playwright/test";
import { expect, expectAccessible, screenshots, test } from "../support/fixtures.ts";
import { E2E_WALLETS } from "../support/env.ts";
import { firstAvailableId, mintFromItsPage } from "../support/mintFromPage.ts";

const toast = (page: Page) => page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");

async function connectAndSignIn(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Connect Wallet" }).click();
  await page
    .getByRole("dialog", { name: "Connect Wallet" })
    .getByRole("button", { name: /Pixlings Test Wallet/ })
    .click();
  await page.getByRole("main").getByRole("button", { name: "Sign in with Ethereum" }).click();
}

/** Three available Pix from a browse page the other tests do not touch. */
async function pickThree(page: Page): Promise<number[]> {
  await page.goto("/browse?page=20");
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(100);
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) {
    await cards.nth(i).getByRole("button", { name: "Add to cart" }).click();
    ids.push(Number(/#(\d+)/.exec((await cards.nth(i).innerText()) ?? "")?.[1]));
  }
  return ids;
}

test("crypto checkout of 3 Pix mints them on one chain; nobody can buy them again on either chain", async ({ page, browser, stack, useWallet }) => {
  const wallet = await useWallet(E2E_WALLETS.buyer.privateKey, 31337);
  const ids = await pickThree(page);
  expect(ids.every((id) => id > 0)).toBe(true);
  await page.getByRole("button", { name: /Cart \(\s*3 items\)/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Checkout with Crypto" }).click();
  await expect(page).toHaveURL(/\/crypto-checkout\?tokenIds=/);
  expect(new URL(page.url()).searchParams.get("tokenIds")?.split(",").map(Number)).toEqual(ids);
  await expect(page.getByRole("button", { name: "Pay with Crypto" })).toBeDisabled();
  await connectAndSignIn(page);
  await expect(page.getByRole("button", { name: "Pay with Crypto" })).toBeEnabled();
  await screenshots(page, "crypto-checkout");
  await page.getByRole("button", { name: "Pay with Crypto" }).click();
  await expect(page.getByRole("list", { name: "Mint progress" })).toBeVisible();
  await expect(toast(page)).toContainText("Minting Complete!", { timeout: 60_000 });
  expect(wallet.requests.filter((m) => m === "eth_sendTransaction")).toHaveLength(1);

  for (const id of ids) {
    await page.goto(`/mint/${id}`);
    await expect(page.getByText("Already Minted")).toBeVisible();
    await expect(page.getByText("Minted on Local Ethereum")).toBeVisible();
  }
  await screenshots(page, "mint-already-minted");

  // The buyer's My Pixlings lists them (wallet connected, signed in).
  await page.goto("/my-pixlings");
  await expect(page.getByText("3 owned")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Crypto Wallet (3)" })).toBeVisible();
  await screenshots(page, "my-pixlings-owned");
  await expectAccessible(page);

  // A second buyer, in a browser of their own, on the other chain.
  const context = await browser.newContext({ baseURL: stack.baseUrl });
  try {
    const other = await context.newPage();
    await other.goto(`/crypto-checkout?tokenIds=${ids.join(",")}`);
    await expect(other.getByText("No NFTs Available")).toBeVisible();
    for (const id of ids) {
      await other.goto(`/mint/${id}`);
      await expect(other.getByText("Already Minted")).toBeVisible();
      await expect(other.getByRole("button", { name: "Mint This Pix" })).toHaveCount(0);
    }
  } finally {
    await context.close();
  }
  const page2 = await page.context().request.get(`/api/nfts/token/${ids[0]}`);
  expect(await page2.json()).toMatchObject({ isMinted: true, mintedOnChain: 31337, walletOwner: wallet.address });
});

test("a single Pix minted from its mint page", async ({ page, useWallet }) => {
  const wallet = await useWallet(E2E_WALLETS.single.privateKey, 31338);
  const id = await firstAvailableId(page, 30);
  await mintFromItsPage(page, id, /Local Polygon/);
  await page.reload();
  await expect(page.getByText("Minted on Local Polygon")).toBeVisible();
  const res = await page.context().request.get(`/api/nfts/token/${id}`);
  expect(await res.json()).toMatchObject({ isMinted: true, mintedOnChain: 31338, walletOwner: wallet.address });
});
