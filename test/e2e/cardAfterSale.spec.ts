import { expect, expectAccessible, screenshots, test } from "../support/fixtures.ts";
import { E2E_WALLETS } from "../support/env.ts";
import { confirmMint } from "../support/confirmMint.ts";
import { signInWithGoogle } from "../support/google.ts";
import { connectOnMyPixlings } from "../support/myPixlings.ts";
import { MINTED_TIMEOUT, ORDER_URL, ownerOnChain, payWithCard, pixOfPage, themedScreenshots, toast } from "../support/cardShopping.ts";

test("a freemint card created by the admin through the API is redeemed for 3 Common Pix, filed under Freemint, one minted to a wallet at once", async ({
  page,
  browser,
  stack,
  useWallet,
}) => {
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
  await expect(page.getByRole("alert")).toContainText("codes look like PIXLINGS-XXXX-XXXX-XXXX-XXXX");
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
  await confirmMint(page, stack, MINTED_TIMEOUT);
  await expect(page.getByRole("heading", { name: "Redeemed!" })).toBeVisible({ timeout: MINTED_TIMEOUT });
  // What happened, in the tab and in words that send the buyer to the tab freemint Pix are filed under.
  await expect(page).toHaveTitle("Redeemed · Pixlings");
  await expect(page.getByRole("status").filter({ hasText: "Redeemed!" })).toContainText("on My Pixlings under Freemint,");
  // With no receipt for a freemint, the Pix shown are named, not only numbered.
  const redeemed = page.getByRole("list", { name: "Pix in this order" }).getByRole("link");
  await expect(redeemed).toHaveCount(3);
  for (const link of await redeemed.all()) await expect(link).toHaveText(/^\S.* Pix #\d+$/);
  await screenshots(page, "redeem-redeemed");

  await page.goto("/my-pixlings");
  await expect(page.getByRole("tab", { name: "Credit Card (0)" })).toBeVisible();
  await page.getByRole("tab", { name: "Freemint (3)" }).click();
  const cards = page.getByRole("tabpanel").getByRole("article");
  await expect(cards).toHaveCount(3);
  await expect(cards.getByText("Freemint", { exact: true })).toHaveCount(3);
  // No cooling-off for a freemint Pix.
  await expect(page.getByText(/Can move to your wallet from/)).toHaveCount(0);
  const moved = Number(/Token #(\d+)/.exec(await cards.first().innerText())?.[1]);
  // Its own page says how it was got: a freemint, not a card purchase.
  await page.goto(`/owned-pix/${moved}`);
  await expect(page.getByText("Redeemed with a freemint card: held for you")).toBeVisible();
  await expect(page.getByText("Freemint", { exact: true })).toBeVisible();
  await expect(page.getByText(/Bought by card/)).toHaveCount(0);
  await page.goto("/my-pixlings");

  // A wallet that is not linked yet: the general prompt is declined, then Mint to Wallet asks for the link itself.
  const wallet = await useWallet(E2E_WALLETS.freemint.privateKey, 31337);
  await connectOnMyPixlings(page);
  const prompt = page.getByRole("dialog", { name: "Link Your Accounts" });
  await prompt.getByRole("button", { name: "Maybe Later" }).click();
  await expect(prompt).toBeHidden();
  await page.getByRole("tab", { name: "Freemint (3)" }).click();
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
  await expect(page.getByRole("tab", { name: "Freemint (2)" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Crypto Wallet (1)" })).toBeVisible();

  // Used up: the server says so.
  await page.goto("/redeem");
  await page.getByLabel("Freemint code").fill(code);
  await page.getByRole("button", { name: "Check Code" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.getByRole("heading", { name: /free Common Pix/ })).toHaveCount(0);
});

test("a disputed card payment freezes its Pix: the buyer reads why on My Pixlings, the admin finds the order under Frozen", async ({
  page,
  browser,
  stack,
}) => {
  test.setTimeout(240_000);
  await page.goto("/");
  await signInWithGoogle(page, stack.baseUrl, "card-dispute@pixlings.test");
  const [id] = (await pixOfPage(page, 65, 1, false)) as [number];
  await page.goto(`/mint/${id}`);
  await page.getByRole("radio", { name: "Credit Card (USD)" }).check();
  await page.getByRole("button", { name: "Pay with Card" }).click();
  await expect(page).toHaveURL(ORDER_URL);
  // Stripe's dispute test card: the payment succeeds, then the cardholder disputes it.
  await payWithCard(page, "4000 0000 0000 0259");
  await confirmMint(page, stack, MINTED_TIMEOUT);
  await expect(page.getByRole("heading", { name: "Purchase Complete!" })).toBeVisible({ timeout: MINTED_TIMEOUT });

  // The dispute reaches the shop after the payment: the server freezes the order once Stripe confirms it.
  const reason = "The card payment is disputed (fraudulent): these Pix stay in custody until the dispute is decided";
  const frozenReason = async (): Promise<string | undefined> => {
    const mine = (await (await page.request.get("/api/owner/pixlings")).json()) as { cardPurchases: { tokenId: number; frozen: { reason: string } | null }[] };
    return mine.cardPurchases.find((pix) => pix.tokenId === id)?.frozen?.reason;
  };
  await expect.poll(frozenReason, { timeout: 30_000 }).toBe(reason);
  await page.goto("/my-pixlings");
  await page.getByRole("tab", { name: "Credit Card (1)" }).click();
  const card = page
    .getByRole("tabpanel")
    .getByRole("article")
    .filter({ hasText: `Token #${id}` });
  await expect(card.getByText(`Frozen: ${reason}`)).toBeVisible();
  await expect(card.getByRole("button", { name: "Mint to Wallet" })).toBeDisabled();
  await themedScreenshots(page, "my-pixlings-frozen");
  await expectAccessible(page);

  const adminContext = await browser.newContext({ baseURL: stack.baseUrl });
  try {
    const admin = await adminContext.newPage();
    await admin.goto("/");
    await signInWithGoogle(admin, stack.baseUrl, "admin@pixlings.test");
    await admin.goto("/admin/frozen");
    await expect(admin.getByRole("tab", { name: "Frozen", selected: true })).toBeVisible();
    const order = admin.getByRole("article").filter({ hasText: `Pix #${id}` });
    await expect(order.getByText(reason)).toBeVisible();
    await expect(order.getByText("Frozen", { exact: true })).toBeVisible();
    await expect(order.getByText("card-dispute@pixlings.test")).toBeVisible();
    await expect(order.getByText(/^needs response, fraudulent \(dp_\w+\)$/)).toBeVisible();
    await themedScreenshots(admin, "admin-frozen-orders");
    await expectAccessible(admin);
  } finally {
    await adminContext.close();
  }
});
