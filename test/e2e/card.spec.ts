// Card checkout against the stack's local Stripe stand-in (test cards typed into /checkout's form):
// a cart paid by card and followed to minted, the Credit Card tab and Mint to Wallet (read back
// from the chain), a declined card, and a freemint redemption. Each test has its own buyer (a
// Google email of its own) and its own Pix (browse pages no other spec uses).
import type { Page } from "@playwright/test";
import { createPublicClient, http, parseAbi, type Address } from "viem";
import { expect, expectAccessible, screenshots, test } from "../support/fixtures.ts";
import { E2E_WALLETS } from "../support/env.ts";
import { mineToFinality } from "@pixlings/test-kit/finality";
import { chooseGoogleAccount, signInWithGoogle } from "../support/google.ts";
import { connectOnMyPixlings } from "../support/myPixlings.ts";

const toast = (page: Page) => page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");
/** Minting for a card order runs on the server (custody mint, then the indexer): slower than a page. */
const MINTED_TIMEOUT = 90_000;

/** Desktop and 375 px, light and dark. */
async function themedScreenshots(page: Page, name: string): Promise<void> {
  await screenshots(page, `${name}-light`);
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshots(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: "light" });
}

/** The first `count` Pix of a browse page, added to the cart when `toCart`. */
async function pixOfPage(page: Page, browsePage: number, count: number, toCart: boolean): Promise<number[]> {
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
async function payWithCard(page: Page, number: string): Promise<void> {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
}

async function ownerOnChain(rpcUrl: string, contract: Address, tokenId: number): Promise<Address> {
  const client = createPublicClient({ transport: http(rpcUrl) });
  return client.readContract({
    address: contract,
    abi: parseAbi(["function ownerOf(uint256 tokenId) view returns (address)"]),
    functionName: "ownerOf",
    args: [BigInt(tokenId)],
  });
}

test("a signed-in buyer pays two Pix from the cart by card, finds them under Credit Card and mints one to a wallet", async ({ page, stack, useWallet }) => {
  test.setTimeout(240_000);
  const wallet = await useWallet(E2E_WALLETS.cardBuyer.privateKey, 31337);
  await page.goto("/");
  await signInWithGoogle(page, stack.baseUrl, "card-buyer@pixlings.test");
  const ids = await pixOfPage(page, 60, 2, true);

  await page.getByRole("button", { name: /Cart \(\s*2 items\)/ }).click();
  const cart = page.getByRole("dialog", { name: /Shopping Cart/ });
  const cardTotal = cart.getByTestId("cart-card-total");
  await expect(cardTotal).toHaveText(/^\$\d+\.\d{2}$/);
  const total = await cardTotal.innerText();
  await cart.getByRole("button", { name: "Checkout with Card" }).click();
  await expect(page).toHaveURL(/\/checkout\?batch=true&clientSecret=pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+&tokenIds=[0-9,]+$/);
  expect(new URL(page.url()).searchParams.get("tokenIds")?.split(",").map(Number)).toEqual(ids);
  await expect(page.getByTestId("cart-count")).toHaveText("0");
  await expect(page.getByTestId("checkout-total")).toHaveText(total);
  await expect(page.getByText("4242 4242 4242 4242")).toBeVisible();
  await themedScreenshots(page, "card-checkout-form");
  await expectAccessible(page);

  await payWithCard(page, "4242 4242 4242 4242");
  // Minted in a block the chain can still undo: not told as done until it is final.
  await expect(page.getByRole("heading", { name: "Confirming on the Chain..." })).toBeVisible({ timeout: MINTED_TIMEOUT });
  await expect(page.getByText(/^Transaction: 0x/)).toBeVisible();
  await screenshots(page, "card-checkout-confirming");
  await mineToFinality(stack.chains.find((c) => c.chainId === 31337)!.rpcUrl, 31337);
  await expect(page.getByRole("heading", { name: "Purchase Complete!" })).toBeVisible({ timeout: MINTED_TIMEOUT });
  await themedScreenshots(page, "card-checkout-minted");
  await expectAccessible(page);
  // The order on the server is what shows, not this page's memory.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Purchase Complete!" })).toBeVisible();

  await page.goto("/my-pixlings");
  await page.getByRole("tab", { name: "Credit Card (2)" }).click();
  const panel = page.getByRole("tabpanel");
  await expect(panel.getByRole("article")).toHaveCount(2);
  for (const id of ids)
    await expect(
      panel
        .getByRole("article")
        .filter({ hasText: `Token #${id}` })
        .getByText("Credit Card"),
    ).toBeVisible();
  // No wallet connected: nothing to mint to.
  await expect(panel.getByRole("button", { name: "Mint to Wallet" })).toHaveCount(0);
  await themedScreenshots(page, "my-pixlings-card-tab");
  await expectAccessible(page);

  // A wallet that is not linked yet: the general prompt is declined, then Mint to Wallet asks for the link itself.
  await connectOnMyPixlings(page);
  const prompt = page.getByRole("dialog", { name: "Link Your Accounts" });
  await prompt.getByRole("button", { name: "Maybe Later" }).click();
  await expect(prompt).toBeHidden();
  await page.getByRole("tab", { name: "Credit Card (2)" }).click();
  const [moved, kept] = ids as [number, number];
  await page
    .getByRole("tabpanel")
    .getByRole("article")
    .filter({ hasText: `Token #${moved}` })
    .getByRole("button", { name: "Mint to Wallet" })
    .click();
  await expect(prompt).toContainText(`Pix #${moved} can only be minted to a wallet you have proven is yours.`);
  await prompt.getByRole("button", { name: "Link Accounts" }).click();
  await expect(page.getByRole("dialog", { name: "Accounts Linked!" })).toBeVisible();
  await expect(toast(page)).toContainText(`Pix #${moved} has been minted to your wallet.`, { timeout: MINTED_TIMEOUT });
  await expect(toast(page)).toContainText("Minting Complete!");

  const chain = stack.chains.find((c) => c.chainId === 31337)!;
  expect(await ownerOnChain(chain.rpcUrl, chain.address, moved)).toBe(wallet.address);
  expect(await ownerOnChain(chain.rpcUrl, chain.address, kept)).not.toBe(wallet.address);
  await expect(page.getByRole("tab", { name: "Credit Card (1)" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Crypto Wallet (1)" })).toBeVisible();

  // The card Pix's own page works for its buyer.
  await page.goto(`/owned-pix/${kept}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("main").getByText("Credit Card", { exact: true })).toBeVisible();
  await expect(page.getByText("Bought by card: held for you")).toBeVisible();
});

test("card on the mint page: signed out it asks to sign in; a declined card shows the decline and the Pix is buyable again", async ({ page, stack }) => {
  test.setTimeout(180_000);
  // No client secret: nothing to pay, home.
  await page.goto("/checkout?tokenId=1");
  await expect(page).toHaveURL(/\/$/);
  const [id] = (await pixOfPage(page, 61, 1, false)) as [number];
  await page.goto(`/mint/${id}`);
  await page.getByRole("radio", { name: "Credit Card (USD)" }).check();
  await expect(page.getByTestId("card-price")).toHaveText(/^\$\d+\.\d{2}$/);
  await expect(page.getByText("processing fee included")).toBeVisible();
  await expect(page.getByText("Sign in to pay by card")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Continue with Google" }).click();
  await chooseGoogleAccount(page, stack.baseUrl, "card-decline@pixlings.test");
  await expect(page).toHaveURL(new RegExp(`/mint/${id}$`));

  await page.getByRole("radio", { name: "Credit Card (USD)" }).check();
  await page.getByRole("button", { name: "Pay with Card" }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?clientSecret=pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+&tokenId=${id}$`));
  await payWithCard(page, "4000 0000 0000 0002");
  await expect(page.getByText("Your card was declined.").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Payment Failed" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Nothing was charged. Pix #${id} is available again.`)).toBeVisible();
  await themedScreenshots(page, "card-checkout-declined");
  await expectAccessible(page);

  // Buyable again: a new card order for it reaches the card form.
  await page.getByRole("link", { name: `Back to Pix #${id}` }).click();
  await expect(page.getByRole("heading", { name: "Mint This Pix" })).toBeVisible();
  await expect(page.getByText("Another buyer is minting this Pix")).toHaveCount(0);
  await page.getByRole("radio", { name: "Credit Card (USD)" }).check();
  await page.getByRole("button", { name: "Pay with Card" }).click();
  await expect(page).toHaveURL(/\/checkout\?clientSecret=/);
  await expect(page.getByLabel("Card number")).toBeVisible();
});

test("a freemint card created by the admin through the API is redeemed for 3 Common Pix", async ({ page, browser, stack }) => {
  test.setTimeout(240_000);
  // The admin, in a browser of their own, creates the card with the admin API.
  const adminContext = await browser.newContext({ baseURL: stack.baseUrl });
  let code: string;
  try {
    const admin = await adminContext.newPage();
    await admin.goto("/");
    await signInWithGoogle(admin, stack.baseUrl, "admin@pixlings.test");
    const created = await adminContext.request.post("/api/admin/freemint-cards", { data: { cardType: "3pix" } });
    expect(created.ok()).toBe(true);
    code = ((await created.json()) as { code: string }).code;
  } finally {
    await adminContext.close();
  }

  await page.goto("/");
  await signInWithGoogle(page, stack.baseUrl, "freemint@pixlings.test");
  await page.goto("/my-pixlings");
  await page.getByRole("link", { name: "Redeem a freemint card" }).click();
  await expect(page).toHaveURL(/\/redeem$/);
  const field = page.getByLabel("Freemint code");
  await field.fill("PIXLINGS-0000");
  await page.getByRole("button", { name: "Check Code" }).click();
  await expect(page.getByRole("alert")).toContainText("codes look like PIXLINGS-XXXXXXXX");
  await field.fill(code.toLowerCase());
  await page.getByRole("button", { name: "Check Code" }).click();
  await expect(page.getByRole("heading", { name: "3-Pix card: 3 free Common Pix" })).toBeVisible();

  const boxes = page.getByRole("checkbox", { name: /^Choose / });
  for (let i = 0; i < 3; i++) await boxes.nth(i).check();
  await expect(boxes.nth(3)).toBeDisabled();
  await expect(page.getByText("(3 of 3 chosen)")).toBeVisible();
  await screenshots(page, "redeem-choose");
  await page.getByRole("button", { name: "Redeem 3 Pix" }).click();
  await expect(page).toHaveURL(/\/redeem\?order=/);
  await expect(page.getByRole("heading", { name: "Confirming on the Chain..." })).toBeVisible({ timeout: MINTED_TIMEOUT });
  await mineToFinality(stack.chains.find((c) => c.chainId === 31337)!.rpcUrl, 31337);
  await expect(page.getByRole("heading", { name: "Redeemed!" })).toBeVisible({ timeout: MINTED_TIMEOUT });
  await screenshots(page, "redeem-redeemed");

  await page.goto("/my-pixlings");
  await expect(page.getByRole("tab", { name: "Credit Card (3)" })).toBeVisible();
  // Used up: the server says so.
  await page.goto("/redeem");
  await page.getByLabel("Freemint code").fill(code);
  await page.getByRole("button", { name: "Check Code" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.getByRole("heading", { name: /free Common Pix/ })).toHaveCount(0);
});
