// "Mint This Pix" without a wallet says so before anything starts (issue 20 item 4): on a
// computer, install one; on a phone, open the page in a wallet app's browser; either way, the
// card. With a wallet, the progress shows only the steps that happened. Phones get a sticky buy bar.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, screenshots, test } from "../support/fixtures.ts";
import { E2E_WALLETS } from "../support/env.ts";
import { firstAvailableId } from "../support/mintFromPage.ts";
import { atPhoneWidthInBothThemes, PHONE } from "../support/layout.ts";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

const panel = (page: Page) => page.getByRole("region", { name: "Mint This Pix" });
const mintButton = (page: Page) => panel(page).locator("button[data-buy]");

/** Records every state the mint progress list shows (each row as "state:label"), from the page's first script on. */
async function recordProgress(page: Page): Promise<() => Promise<string[][]>> {
  await page.addInitScript(() => {
    const seen: string[][] = [];
    (window as unknown as { __progress: string[][] }).__progress = seen;
    const snapshot = () => {
      const list = document.querySelector('[aria-label="Mint progress"]');
      if (!list) return;
      // Each row's words, without its icon (✓ … ○) and its screen-reader suffix.
      const rows = [...list.querySelectorAll("li[data-state]")].map(
        (li) => `${li.getAttribute("data-state")}:${li.textContent?.replace(/^[✓…○]/, "").replace(/\s*\((done|to come)\)$/, "")}`,
      );
      if (JSON.stringify(rows) !== JSON.stringify(seen.at(-1))) seen.push(rows);
    };
    new MutationObserver(snapshot).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __progress: string[][] }).__progress);
}

/** No step is ever shown done before it was shown as the current one. */
function expectOnlyWhatHappened(snapshots: string[][]): void {
  const happened = new Set<string>();
  expect(snapshots.length).toBeGreaterThan(0);
  expect(
    snapshots[0]!.filter((row) => row.startsWith("done:")),
    "nothing is done at first",
  ).toEqual([]);
  for (const rows of snapshots) {
    for (const row of rows) if (row.startsWith("current:")) happened.add(row.slice("current:".length));
    for (const row of rows) {
      if (row.startsWith("done:") && row !== "done:Indexed: your Pix is minted")
        expect(happened, `${row} in ${JSON.stringify(rows)}`).toContain(row.slice("done:".length));
    }
  }
}

test("without any wallet, the mint page says so before anything starts and offers the card", async ({ page }) => {
  const id = await firstAvailableId(page, 70);
  await page.goto(`/mint/${id}`);
  const help = panel(page).getByText("No wallet found in this browser");
  await expect(help).toBeVisible();
  await expect(panel(page).getByRole("link", { name: "MetaMask" })).toHaveAttribute("href", "https://metamask.io/download/");
  await expect(panel(page).getByText("You will be asked to connect a wallet")).toHaveCount(0);

  await mintButton(page).click();
  // Nothing started: no progress, no tick, no "Minting...", no dialog; the note is now an alert.
  await expect(panel(page).getByRole("alert")).toContainText("No wallet found in this browser");
  await expect(panel(page).getByRole("list", { name: "Mint progress" })).toHaveCount(0);
  await expect(panel(page)).not.toContainText("✓");
  await expect(mintButton(page)).toHaveText("Mint This Pix");
  await expect(mintButton(page)).toBeEnabled();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expectAccessible(page);

  await panel(page).getByRole("button", { name: "Pay by card instead" }).click();
  await expect(panel(page).getByRole("radio", { name: "Credit Card (USD)" })).toBeChecked();
  await expect(panel(page).getByRole("link", { name: "Continue with Google" })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE, userAgent: IPHONE, isMobile: true, hasTouch: true });

  test("without a wallet: open the page in a wallet app, or pay by card; the buy bar is on the first screen", async ({ page, baseURL }) => {
    const id = await firstAvailableId(page, 71);
    await page.goto(`/mint/${id}`);
    const here = new URL(`/mint/${id}`, baseURL);
    await expect(panel(page).getByRole("link", { name: "Open in MetaMask" })).toHaveAttribute("href", `https://metamask.app.link/dapp/${here.host}/mint/${id}`);
    await expect(panel(page).getByRole("link", { name: "Open in Coinbase Wallet" })).toHaveAttribute(
      "href",
      `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(here.href)}`,
    );
    await expect(panel(page).getByRole("link", { name: "Open in Trust Wallet" })).toHaveAttribute(
      "href",
      `https://link.trustwallet.com/open_url?coin_id=60&url=${encodeURIComponent(here.href)}`,
    );

    // The buy section starts below the first screen; the bar brings its button up.
    const bar = page.getByTestId("sticky-buy-bar");
    await expect(bar).toBeVisible();
    await expect(bar).toBeInViewport({ ratio: 1 });
    await expect(bar).toContainText(await page.getByRole("heading", { level: 1 }).innerText());
    await expect(bar).toContainText(/0\.\d{4} ETH/);
    await atPhoneWidthInBothThemes(page, "the mint page with its buy bar", () => expectAccessible(page));
    await screenshots(page, "mint-phone-no-wallet");
    await bar.getByRole("button", { name: "Mint This Pix" }).click();
    await expect(panel(page).getByRole("alert")).toContainText("No wallet found in this browser");
    await expect(mintButton(page)).toBeInViewport();
    await expect(bar).toHaveCount(0);
    await expect(panel(page)).not.toContainText("✓");

    await panel(page).getByRole("button", { name: "Pay by card instead" }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar.getByRole("button", { name: "Pay with Card" })).toBeVisible();
    await expect(bar).toContainText(/\$\d+\.\d{2} by card/);
    // Signed out, the card's next step is signing in: the bar shows it rather than leaving the page.
    await bar.getByRole("button", { name: "Pay with Card" }).click();
    await expect(panel(page).getByRole("link", { name: "Continue with Google" })).toBeFocused();
  });
});

test("with a wallet, the progress shows only what happened, and 'Minting...' only once minting", async ({ page, useWallet }) => {
  test.setTimeout(150_000);
  await useWallet(E2E_WALLETS.progress.privateKey, 31337);
  const snapshots = await recordProgress(page);
  const first = await firstAvailableId(page, 72);
  await page.goto(`/mint/${first}`);
  await panel(page)
    .getByRole("radio", { name: /Local Ethereum/ })
    .check();
  await mintButton(page).click();
  // The connect dialog waits for the buyer: only "Connecting your wallet" is under way.
  const dialog = page.getByRole("dialog", { name: "Connect Wallet" });
  await expect(dialog).toBeVisible();
  await expect(mintButton(page)).toHaveText("Connecting wallet...");
  await expect(page.locator('[aria-label="Mint progress"] li[data-state="done"]')).toHaveCount(0);
  await expect(page.locator('[aria-label="Mint progress"] li[data-state="current"]')).toHaveText(/^…Connecting your wallet$/);
  await dialog.getByRole("button", { name: /Pixlings Test Wallet/ }).click();
  await expect(page.getByRole("heading", { name: "Mint Successful!" })).toBeVisible({ timeout: 60_000 });
  const firstRun = await snapshots();
  expectOnlyWhatHappened(firstRun);
  expect(firstRun.flat()).toContain("done:Signing in with Ethereum");

  // Connected and signed in now: a second mint never shows those steps at all.
  const second = await firstAvailableId(page, 73);
  await page.goto(`/mint/${second}`);
  await expect(page.getByRole("banner").getByRole("button", { name: /^Wallet 0x/ })).toBeVisible();
  await mintButton(page).click();
  await expect(page.getByRole("heading", { name: "Mint Successful!" })).toBeVisible({ timeout: 60_000 });
  const secondRun = await snapshots();
  expectOnlyWhatHappened(secondRun);
  expect(secondRun.flat().filter((row) => /Connecting|Signing in|Switching/.test(row))).toEqual([]);
  expect(secondRun[0]).toEqual([
    "current:Reserving your Pix",
    "todo:Waiting for your signature in the wallet",
    "todo:Transaction pending",
    "todo:Transaction confirmed",
    "todo:Indexed: your Pix is minted",
  ]);
});
