// The small points of issue 20 item 13: the header on one row at 1024 to 1440 px (and on a phone)
// in every sign-in state; Escape closes what the visitor looks at; toasts name the Pix and go with their page.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { E2E_WALLETS } from "../support/env.ts";
import { signInWithGoogle } from "../support/google.ts";
import { expectNoHorizontalOverflow } from "../support/layout.ts";
import { firstAvailableId, mintFromItsPage } from "../support/mintFromPage.ts";
import { connectOnMyPixlings } from "../support/myPixlings.ts";

const toast = (page: Page) => page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");
const WIDTHS = [375, 1024, 1280, 1440];

/** At each width: the header's row keeps its height, nothing in it leaves it or wraps, the page is not wider than the window. */
async function expectHeaderOnOneRow(page: Page, state: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const problems = await page.evaluate(() => {
      const row = document.querySelector("header > div") as HTMLElement;
      const box = row.getBoundingClientRect();
      const out: string[] = [];
      if (box.height > 64.5) out.push(`the row is ${box.height} px high`);
      if (row.scrollWidth > row.clientWidth + 1) out.push(`the row is ${row.scrollWidth} px wide in ${row.clientWidth}`);
      for (const element of row.querySelectorAll<HTMLElement>("a, button, select")) {
        if (element.getClientRects().length === 0) continue;
        const rect = element.getBoundingClientRect();
        const label = element.textContent?.trim() || element.getAttribute("aria-label") || element.tagName;
        if (rect.top < box.top - 0.5 || rect.bottom > box.bottom + 0.5) out.push(`"${label}" leaves the row`);
        if (rect.height > 44) out.push(`"${label}" wraps (${rect.height} px high)`);
        if (rect.right > box.right + 0.5) out.push(`"${label}" ends past the row`);
      }
      return out;
    });
    expect(problems, `${state} at ${width} px`).toEqual([]);
    await expectNoHorizontalOverflow(page, `${state} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("the header stays on one row at 375 and from 1024 to 1440 px: signed out, Google, a wallet, and Google with a wallet", async ({
  page,
  stack,
  useWallet,
}) => {
  test.setTimeout(120_000);
  await useWallet(E2E_WALLETS.layout.privateKey, 31337);
  await page.goto("/");
  await expectHeaderOnOneRow(page, "signed out");

  // Google as an admin (the longest menu), then a wallet connected too (the case that wrapped).
  await signInWithGoogle(page, stack.baseUrl, "admin@pixlings.test");
  await expectHeaderOnOneRow(page, "Google");
  await connectOnMyPixlings(page);
  const link = page.getByRole("dialog", { name: /Link Your Accounts/ });
  await link.getByRole("button", { name: "Maybe Later" }).click();
  await expect(link).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("button", { name: /^Wallet 0x/ })).toBeVisible();
  await expectHeaderOnOneRow(page, "Google and a wallet");

  // A wallet alone, signed in with Ethereum.
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  await page.getByRole("banner").getByRole("button", { name: "Sign In", exact: true }).click();
  await page.getByRole("menuitem", { name: "Sign in with Ethereum" }).click();
  await expect(page.getByRole("banner").getByText("Welcome")).toBeVisible();
  await expectHeaderOnOneRow(page, "a wallet signed in");
});

test("Escape closes the cart first, even with a toast over it; toasts name the Pix and go with their page, or when the cart they speak of opens", async ({
  page,
  useWallet,
}) => {
  test.setTimeout(150_000);
  await useWallet(E2E_WALLETS.layout.privateKey, 31337);
  // A Pix the visitor owns now: minted here.
  const minted = await firstAvailableId(page, 79);
  await mintFromItsPage(page, minted, /Local Ethereum/);
  const nft = await (await page.request.get(`/api/nfts/token/${minted}`)).json();
  expect(nft.isMinted).toBe(true);
  await page.goto("/browse?page=80");
  const available = Number(/#(\d+)/.exec(await page.getByRole("article").first().innerText())?.[1]);
  const stored = await (await page.request.get(`/api/nfts/token/${available}`)).json();
  // The cart as a visitor left it before the Pix sold (the stored list's format is the spec's).
  await page.evaluate(
    (items) => localStorage.setItem("pixlings_cart_items", JSON.stringify(items)),
    [
      { nft: stored, quantity: 1 },
      { nft, quantity: 1 },
    ],
  );
  await page.reload();

  await page.getByRole("button", { name: /^Cart \(/ }).click();
  const cart = page.getByRole("dialog", { name: /Shopping Cart/ });
  await expect(cart).toBeVisible();
  await expect(page.locator("[data-variant]")).toContainText(`Removed Pix #${minted} from your cart: you already own it.`);
  await expect(cart.getByRole("listitem")).toHaveCount(1);
  // The first Escape closes the cart the visitor looks at, not the toast beside it.
  await page.keyboard.press("Escape");
  await expect(cart).toHaveCount(0);
  await expect(toast(page)).toContainText(`Pix #${minted}`);
  await page.keyboard.press("Escape");
  await expect(toast(page)).toHaveCount(0);

  // "Added to cart" goes when its page does, even while the pointer rests on it (its clock stopped).
  await page.goto("/browse?page=80");
  const card = page.getByRole("article").nth(1);
  await card.getByRole("button", { name: "Add to cart" }).click();
  await expect(toast(page)).toContainText("Added to cart");
  await toast(page).hover();
  await page.getByRole("banner").getByRole("link", { name: "Home" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page)).toHaveCount(0);

  // Nor does it stay over the cart it speaks of (on a phone it covers Checkout), or over checkout.
  await page.goto("/browse?page=80");
  await page.getByRole("article").nth(2).getByRole("button", { name: "Add to cart" }).click();
  await expect(toast(page)).toContainText("Added to cart");
  await toast(page).hover();
  await page.getByRole("button", { name: /^Cart \(/ }).focus();
  await page.keyboard.press("Enter");
  const checkout = page.getByRole("dialog", { name: /Shopping Cart/ }).getByRole("button", { name: "Checkout with Crypto" });
  await expect(checkout).toBeEnabled();
  await expect(toast(page)).toHaveCount(0);
  await checkout.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/crypto-checkout\?tokenIds=/);
  await expect(toast(page)).toHaveCount(0);
});
