import { expect, expectAccessible, screenshots, test } from "../support/fixtures.ts";
import { E2E_WALLETS } from "../support/env.ts";
import { confirmMint } from "../support/confirmMint.ts";
import { chooseGoogleAccount, signInWithGoogle } from "../support/google.ts";
import { MINTED_TIMEOUT, ORDER_URL, ownerOnChain, payWithCard, pixOfPage, themedScreenshots } from "../support/cardShopping.ts";

test("a signed-in buyer pays two Pix from the cart by card, finds them under Credit Card held for the cooling-off, and links a wallet", async ({
  page,
  stack,
  useWallet,
}) => {
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
  // Only the order's id in the URL: no client secret in the address bar, the history or a log.
  await expect(page).toHaveURL(ORDER_URL);
  expect(page.url()).not.toContain("secret");
  // The cart keeps its Pix until the order is paid.
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  await expect(page.getByTestId("checkout-total")).toHaveText(total);
  await expect(page).toHaveTitle("Checkout · Pixlings");
  await expect(page.getByText("4242 4242 4242 4242")).toBeVisible();
  await themedScreenshots(page, "card-checkout-form");
  await expectAccessible(page);

  await payWithCard(page, "4242 4242 4242 4242");
  // Minted in a block the chain can still undo: not told as done until it is final.
  await expect(page.getByRole("heading", { name: "Confirming on the Chain..." })).toBeVisible({ timeout: MINTED_TIMEOUT });
  await expect(page.getByText(/^Transaction: 0x/)).toBeVisible();
  await screenshots(page, "card-checkout-confirming");
  await confirmMint(page, stack, MINTED_TIMEOUT);
  await expect(page.getByRole("heading", { name: "Purchase Complete!" })).toBeVisible({ timeout: MINTED_TIMEOUT });
  await expect(page).toHaveTitle("Purchase Complete · Pixlings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Order");
  await expect(page.getByTestId("cart-count")).toHaveText("0");
  // The receipt: names, prices, the total charged, the card, the order number and date, where the provider's receipt goes.
  const receipt = page.getByTestId("receipt");
  await expect(receipt.getByTestId("receipt-total")).toHaveText(total);
  await expect(receipt).toContainText("Visa ending in 4242");
  await expect(receipt).toContainText(/Order number\s*[0-9A-F]{8}/);
  await expect(receipt).toContainText(/Date\s*[A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expect(receipt).toContainText("A receipt from our payment provider goes to card-buyer@pixlings.test.");
  for (const id of ids) await expect(receipt.getByRole("listitem").filter({ hasText: `Token #${id}` })).toContainText(/\$\d+\.\d{2}$/);
  await themedScreenshots(page, "card-checkout-minted");
  await expectAccessible(page);
  // The order on the server is what shows, not this page's memory.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Purchase Complete!" })).toBeVisible();

  await page.goto("/my-pixlings");
  await page.getByRole("tab", { name: "Credit Card (2)" }).click();
  const panel = page.getByRole("tabpanel");
  await expect(panel.getByRole("article")).toHaveCount(2);
  const cardOf = (id: number) =>
    page
      .getByRole("tabpanel")
      .getByRole("article")
      .filter({ hasText: `Token #${id}` });
  for (const id of ids) {
    await expect(cardOf(id).getByText("Credit Card")).toBeVisible();
    // The cooling-off after a card payment: Mint to Wallet is there, shut, with the day it opens;
    // and what else it needs: no wallet yet, with the button that links one.
    await expect(cardOf(id).getByRole("button", { name: "Mint to Wallet" })).toBeDisabled();
    await expect(cardOf(id).getByText(/^Can move to your wallet from [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}/)).toBeVisible();
    await expect(cardOf(id).getByText("Link a wallet first")).toBeVisible();
  }
  await themedScreenshots(page, "my-pixlings-card-tab");
  await expectAccessible(page);

  // "Link a wallet": the wallet connects, the link prompt has it proven, the card then names it and still waits.
  const [first] = ids as [number, number];
  await cardOf(first).getByRole("button", { name: "Link a wallet" }).click();
  await page
    .getByRole("dialog", { name: "Connect Wallet" })
    .getByRole("button", { name: /Pixlings Test Wallet/ })
    .click();
  await page.getByRole("dialog", { name: "Link Your Accounts" }).getByRole("button", { name: "Link Accounts" }).click();
  await expect(page.getByRole("dialog", { name: "Accounts Linked!" })).toBeVisible();
  await expect(cardOf(first).getByText(`To ${wallet.address.slice(0, 6)}...${wallet.address.slice(-4)}`)).toBeVisible();
  await expect(cardOf(first).getByText("Link a wallet first")).toHaveCount(0);
  await expect(cardOf(first).getByRole("button", { name: "Mint to Wallet" })).toBeDisabled();
  // The server says the same: 409 transfer_hold, with the time it ends.
  const early = await page.request.post(`/api/owner/pixlings/${first}/mint-to-wallet`, { data: { walletAddress: wallet.address } });
  expect(early.status()).toBe(409);
  const refusal = (await early.json()) as { code: string; until: string };
  expect(refusal.code).toBe("transfer_hold");
  expect(Date.parse(refusal.until) - Date.now()).toBeGreaterThan(71 * 3600_000);
  const chain = stack.chains.find((c) => c.chainId === 31337)!;
  expect(await ownerOnChain(chain.rpcUrl, chain.address, first)).not.toBe(wallet.address);

  // The card Pix's own page works for its buyer.
  const kept = ids[1] as number;
  await page.goto(`/owned-pix/${kept}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("main").getByText("Credit Card", { exact: true })).toBeVisible();
  await expect(page.getByText("Bought by card: held for you")).toBeVisible();
});

test("card on the mint page: signed out it asks to sign in; a declined card shows the decline on the form, and another card pays the same order", async ({
  page,
  stack,
}) => {
  test.setTimeout(180_000);
  // No order: nothing to pay, home; an old link with a client secret names none either.
  await page.goto("/checkout?tokenId=1");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/checkout?clientSecret=pi_1_secret_2&tokenId=1");
  await expect(page).toHaveURL(/\/$/);
  const [id] = (await pixOfPage(page, 61, 1, false)) as [number];
  await page.goto(`/mint/${id}`);
  // Paying with a wallet, the buyer still sees what a card costs, and why the two differ.
  await expect(page.getByRole("radio", { name: /^Cryptocurrency/ })).toBeChecked();
  await expect(page.getByTestId("price-comparison")).toContainText(/By card \$\d+\.\d{2} · with a wallet on Local (Ethereum|Polygon) [\d.]+ (ETH|POL)/);
  await page.getByRole("radio", { name: "Credit Card (USD)" }).check();
  await expect(page.getByTestId("card-price")).toHaveText(/^\$\d+\.\d{2}$/);
  await expect(page.getByText("processing fee included")).toBeVisible();
  // The card price beside the crypto price on the chosen chain, and what the difference pays for.
  const comparison = page.getByTestId("price-comparison");
  await expect(comparison).toContainText(/By card \$\d+\.\d{2} · with a wallet on Local (Ethereum|Polygon) [\d.]+ (ETH|POL)/);
  await expect(comparison).toContainText("The card price covers the card fee, holding your Pix for you, and minting them with no gas for you to pay.");
  await expect(page.getByText("Sign in to pay by card")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Continue with Google" }).click();
  await chooseGoogleAccount(page, stack.baseUrl, "card-decline@pixlings.test");
  await expect(page).toHaveURL(new RegExp(`/mint/${id}$`));

  await page.getByRole("radio", { name: "Credit Card (USD)" }).check();
  await page.getByRole("button", { name: "Pay with Card" }).click();
  await expect(page).toHaveURL(ORDER_URL);
  const orderUrl = page.url();
  await expect(page.getByTestId("held-until")).toContainText(/Reserved for you for \d+:\d{2} more/);
  await expect(page.getByTestId("price-comparison")).toBeVisible();
  await payWithCard(page, "4000 0000 0000 0002");
  const form = page.getByRole("form", { name: "Pay by card" });
  await expect(form.getByRole("alert")).toHaveText("Your card was declined. Nothing was charged: try another card.");
  await expect(page.getByLabel("Card number")).toBeVisible();
  await themedScreenshots(page, "card-checkout-declined");
  await expectAccessible(page);
  // A reload shows the same order, its last decline, and the card form again.
  await page.reload();
  await expect(page.getByTestId("last-decline")).toContainText("Your card was declined.");
  expect(page.url()).toBe(orderUrl);

  await payWithCard(page, "4242 4242 4242 4242");
  await confirmMint(page, stack, MINTED_TIMEOUT);
  await expect(page.getByRole("heading", { name: "Purchase Complete!" })).toBeVisible({ timeout: MINTED_TIMEOUT });
  await expect(page.getByTestId("receipt")).toContainText("Visa ending in 4242");
  expect(page.url()).toBe(orderUrl);
});

test("the cart keeps its Pix after a decline and after a checkout left behind, and shows the card price beside the crypto price", async ({ page, stack }) => {
  test.setTimeout(180_000);
  await page.goto("/");
  await signInWithGoogle(page, stack.baseUrl, "card-keeper@pixlings.test");
  await pixOfPage(page, 62, 2, true);
  const cartButton = page.getByRole("button", { name: /Cart \(\s*2 items\)/ });
  await cartButton.click();
  const cart = page.getByRole("dialog", { name: /Shopping Cart/ });
  await expect(cart.getByTestId("price-comparison")).toContainText(/By card \$\d+\.\d{2} · with a wallet on/);
  await cart.getByRole("button", { name: "Checkout with Card" }).click();
  await expect(page).toHaveURL(ORDER_URL);
  const orderUrl = page.url();
  await payWithCard(page, "4000 0000 0000 0002");
  await expect(page.getByRole("form", { name: "Pay by card" }).getByRole("alert")).toContainText("Your card was declined.");
  // Left behind: back to the collection, the cart still holds both.
  await page.goto("/browse?page=62");
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  // Checking out the same cart again resumes the same order.
  await cartButton.click();
  await cart.getByRole("button", { name: "Checkout with Card" }).click();
  await expect(page).toHaveURL(ORDER_URL);
  expect(page.url()).toBe(orderUrl);
  await page.goBack();
  await expect(page.getByTestId("cart-count")).toHaveText("2");
});

test("signing in from the cart comes back to the cart, open, with the same Pix", async ({ page, stack }) => {
  test.setTimeout(120_000);
  const ids = await pixOfPage(page, 63, 2, true);
  await page.getByRole("button", { name: /Cart \(\s*2 items\)/ }).click();
  const cart = page.getByRole("dialog", { name: /Shopping Cart/ });
  await cart.getByRole("link", { name: "Sign in to pay by card" }).click();
  await chooseGoogleAccount(page, stack.baseUrl, "cart-signin@pixlings.test");
  await expect(page).toHaveURL(/\/browse\?page=63$/);
  await expect(cart).toBeVisible();
  for (const id of ids) await expect(cart.getByText(`Token #${id}`)).toBeVisible();
  await expect(cart.getByRole("button", { name: "Checkout with Card" })).toBeVisible();
});

test("the cart at 375 px: names have room, the tier badge covers nothing, nothing overflows sideways", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await pixOfPage(page, 64, 3, true);
  await page.getByRole("button", { name: /Cart \(\s*3 items\)/ }).click();
  const cart = page.getByRole("dialog", { name: /Shopping Cart/ });
  const rows = cart.getByRole("listitem");
  await expect(rows).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    const row = rows.nth(i);
    const name = row.locator("p").first();
    const token = row.getByText(/^Token #\d+$/);
    const badge = row.getByText(/^(Common|Rare|Artist)$/);
    const [nameBox, tokenBox, badgeBox] = await Promise.all([name.boundingBox(), token.boundingBox(), badge.boundingBox()]);
    expect(nameBox && nameBox.width >= 180, `name ${i} is ${nameBox?.width} px wide`).toBe(true);
    // The badge sits beside or below "Token #n", never over it.
    const overlaps =
      tokenBox &&
      badgeBox &&
      tokenBox.x < badgeBox.x + badgeBox.width &&
      badgeBox.x < tokenBox.x + tokenBox.width &&
      tokenBox.y < badgeBox.y + badgeBox.height &&
      badgeBox.y < tokenBox.y + tokenBox.height;
    expect(overlaps, `row ${i}: the tier badge covers "Token #"`).toBe(false);
    expect(await token.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshots(page, "cart-375");
});
