// The last rows of the spec (issue 23 §5): the mint page's gas tip read live from each chain, its
// share action, the standalone wallet test page, and a phone finding a wallet injected late.
// Browse page 95 is this spec's.
import type { Page } from "@playwright/test";
import { E2E_WALLETS } from "../support/env.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { PHONE } from "../support/layout.ts";
import { firstAvailableId } from "../support/mintFromPage.ts";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

const toast = (page: Page) => page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");
const rpcOf = (stack: { chains: { chainId: number; rpcUrl: string }[] }, chainId: number) => new URL(stack.chains.find((c) => c.chainId === chainId)!.rpcUrl);

test("the gas tip shows each chain's live fee for a mint and its coin's price, and says when a chain does not answer", async ({ page, stack }) => {
  const id = await firstAvailableId(page, 95);
  await page.goto(`/mint/${id}`);
  const tip = page.getByTestId("gas-tip");
  await expect(tip).toContainText(/Local Ethereum ≈ (< \$0\.01|\$\d+\.\d\d) \(ETH ≈ \$2,400\.00\)/);
  await expect(tip).toContainText(/Local Polygon ≈ (< \$0\.01|\$\d+\.\d\d) \(POL ≈ \$0\.25\)/);
  await expect(tip).not.toContainText("0.18");

  const polygon = rpcOf(stack, 31338);
  await page.route(
    (url) => url.origin === polygon.origin,
    (route) => route.abort("connectionrefused"),
  );
  await page.reload();
  await expect(tip).toContainText("Local Polygon not available (its RPC did not answer)");
  await expect(tip).toContainText(/Local Ethereum ≈ /);
});

test("Share this Pix copies the Pix's own page to the clipboard", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const id = await firstAvailableId(page, 95);
  await page.goto(`/nft/${id}?from=somewhere`);
  const share = page.getByRole("button", { name: "Share this Pix" });
  await share.focus();
  await page.keyboard.press("Enter");
  await expect(toast(page)).toContainText("Link copied");
  await expect(page.getByRole("button", { name: "Link copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(baseURL!).origin}/mint/${id}`);
  await expect(page.getByRole("button", { name: "Share this Pix" })).toBeVisible({ timeout: 5_000 });
});

test("the wallet test page: status badge, connect, and each chain's contract deployment read from the chain", async ({ page, useWallet, stack }) => {
  const wallet = await useWallet(E2E_WALLETS.verifier.privateKey, 31337);
  await page.goto("/wallet-test");
  await expect(page).toHaveTitle("Wallet Test · Pixlings");
  const yours = page.getByRole("region", { name: "Your wallet" });
  await expect(yours.getByRole("status")).toHaveText("Not connected");
  for (const [chainId, name] of [
    [31337, "Local Ethereum"],
    [31338, "Local Polygon"],
  ] as const) {
    const card = page.getByRole("region", { name });
    await expect(card.getByText("Deployed", { exact: true })).toBeVisible();
    await expect(card.getByText(stack.chains.find((c) => c.chainId === chainId)!.address, { exact: true })).toBeVisible();
    await expect(card.getByRole("definition").nth(1)).toHaveText("Open");
    await expect(card.getByRole("definition").nth(2)).toHaveText(/^\d[\d,]*$/);
  }
  await expectAccessible(page);

  await yours.getByRole("button", { name: "Connect Wallet" }).click();
  await page
    .getByRole("dialog", { name: "Connect Wallet" })
    .getByRole("button", { name: /Pixlings Test Wallet/ })
    .click();
  await expect(yours.getByRole("status")).toHaveText("Connected");
  await expect(yours).toContainText(wallet.address);
  await expect(yours).toContainText("Local Ethereum (31337)");

  // A chain whose RPC is down says so on its own card; the other still reads.
  const polygon = rpcOf(stack, 31338);
  await page.route(
    (url) => url.origin === polygon.origin,
    (route) => route.abort("connectionrefused"),
  );
  await page.getByRole("region", { name: "Local Polygon" }).getByRole("button", { name: "Check again" }).click();
  await expect(page.getByRole("region", { name: "Local Polygon" }).getByText("Unreachable", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Local Polygon" }).getByRole("alert")).toContainText(`Could not reach ${polygon.origin}`);
  await expect(page.getByRole("region", { name: "Local Ethereum" }).getByText("Deployed", { exact: true })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE, userAgent: IPHONE, isMobile: true, hasTouch: true });

  test("a wallet that appears after the page loaded is found without a reload", async ({ page }) => {
    const id = await firstAvailableId(page, 95);
    await page.goto(`/mint/${id}`);
    const help = page.getByRole("region", { name: "Mint This Pix" }).getByText("No wallet found in this browser");
    await expect(help).toBeVisible();
    // A wallet app's browser injecting its provider late.
    await page.evaluate(() => {
      const provider = {
        request: async ({ method }: { method: string }) => (method === "eth_chainId" ? "0x7a69" : method === "eth_accounts" ? [] : null),
        on: () => provider,
        removeListener: () => provider,
      };
      (window as unknown as { ethereum: unknown }).ethereum = provider;
    });
    await expect(help).toBeHidden({ timeout: 10_000 });
    await expect(page.getByRole("region", { name: "Mint This Pix" }).getByText("You will be asked to connect a wallet")).toBeVisible();
  });
});
