import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { E2E_WALLETS } from "../support/env.ts";

const toast = (page: Page) => page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");

async function signIn(page: Page): Promise<void> {
  await page.getByRole("banner").getByRole("button", { name: "Sign In", exact: true }).click();
  await page.getByRole("menuitem", { name: "Sign in with Ethereum" }).click();
  await page
    .getByRole("dialog", { name: "Connect Wallet" })
    .getByRole("button", { name: /Pixlings Test Wallet/ })
    .click();
}

test("sign in with Ethereum, then sign out", async ({ page, useWallet }) => {
  const wallet = await useWallet(E2E_WALLETS.single.privateKey);
  await page.goto("/");
  await signIn(page);
  // A wallet-only user has no first name or email: the spec's "User".
  await expect(page.getByRole("banner").getByText("Welcome User")).toBeVisible();
  expect(wallet.requests).toContain("personal_sign");
  const user = await page.evaluate(async () => (await fetch("/api/auth/user", { credentials: "include" })).json());
  expect(user.walletAddress).toBe(wallet.address);
  await page.reload();
  await expect(page.getByRole("banner").getByText("Welcome User")).toBeVisible();
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
});

test("a rejected signature shows its toast and leaves the visitor signed out", async ({ page, useWallet }) => {
  const wallet = await useWallet(E2E_WALLETS.rejecter.privateKey);
  wallet.rejectNextSignature = true;
  await page.goto("/");
  await signIn(page);
  await expect(toast(page)).toBeVisible();
  await expect(toast(page)).toHaveAttribute("data-variant", "destructive");
  await expect(toast(page)).toContainText(/reject/i);
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
});

test("a wallet on a chain Pixlings does not sell is told so", async ({ page, useWallet, stack }) => {
  const wallet = await useWallet(E2E_WALLETS.rejecter.privateKey, 1);
  void wallet;
  await page.goto("/");
  await signIn(page).catch(() => undefined);
  await expect(page.getByRole("banner").getByRole("button", { name: /Wallet 0x/ })).toBeVisible();
  await page
    .getByRole("banner")
    .getByRole("button", { name: /Wallet 0x/ })
    .click();
  await expect(page.getByText("Chain 1 (not supported)")).toBeVisible();
  expect(stack.chains.map((c) => c.chainId)).not.toContain(1);
});

test("the page notices a chain change the wallet did not announce (re-checked every 2 s)", async ({ page, useWallet }) => {
  const wallet = await useWallet(E2E_WALLETS.second.privateKey, 31337);
  await page.goto("/");
  await signIn(page);
  const account = page.getByRole("banner").getByRole("button", { name: /^Wallet 0x/ });
  await expect(account).toHaveAccessibleName(/on Local Ethereum$/);
  wallet.switchChainSilently(31338);
  await expect(account).toHaveAccessibleName(/on Local Polygon$/, { timeout: 5_000 });
});

test("switching to a chain the wallet lacks adds it (4902) and switches", async ({ page, useWallet }) => {
  const wallet = await useWallet(E2E_WALLETS.second.privateKey, 31337, [31337]);
  await page.goto("/");
  await signIn(page);
  const account = page.getByRole("banner").getByRole("button", { name: /^Wallet 0x/ });
  await account.click();
  await page.getByRole("menuitemradio", { name: "Local Polygon" }).click();
  await expect(account).toHaveAccessibleName(/on Local Polygon$/);
  expect(wallet.requests).toContain("wallet_addEthereumChain");
  expect(wallet.currentChainId).toBe(31338);
});
