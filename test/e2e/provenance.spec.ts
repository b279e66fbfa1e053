// Owners and provenance (issue 20 item 9): a minted Pix shows its owner (a wallet, or "held for a
// card buyer"), "You own this" to its owner, and its history from the indexer; Browse can show
// sold Pix; the Owners stat counts each card buyer.
import type { Page } from "@playwright/test";
import { createWalletClient, http, parseAbi, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { expect, expectAccessible, screenshots, test } from "../support/fixtures.ts";
import { E2E_WALLETS } from "../support/env.ts";
import { signInWithGoogle } from "../support/google.ts";
import { atPhoneWidthInBothThemes } from "../support/layout.ts";
import { firstAvailableId, mintFromItsPage } from "../support/mintFromPage.ts";

/** Minting for a card order runs on the server (custody mint, then the indexer). */
const MINTED_TIMEOUT = 90_000;

const ownerSection = (page: Page) => page.getByRole("region", { name: "Owner" });
const history = (page: Page) => ownerSection(page).getByRole("list", { name: "History" });
const shortAddress = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`;

async function owners(page: Page): Promise<number> {
  return ((await (await page.request.get("/api/stats")).json()) as { owners: number }).owners;
}

/** The signed-in buyer pays Pix `id` by card from its mint page, with the stand-in's good test card; waits until it is minted for them. */
async function buyByCard(page: Page, id: number): Promise<void> {
  await page.goto(`/mint/${id}`);
  await page.getByRole("radio", { name: "Credit Card (USD)" }).check();
  await page.getByRole("button", { name: "Pay with Card" }).click();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect
    .poll(async () => ((await (await page.request.get(`/api/nfts/token/${id}`)).json()) as { ownerType: string | null }).ownerType, {
      timeout: MINTED_TIMEOUT,
    })
    .toBe("card");
}

test("a card buyer's Pix is held for a card buyer, theirs to see, and each card buyer is an owner", async ({ page, stack }) => {
  test.setTimeout(300_000);
  const before = await owners(page);
  const first = await firstAvailableId(page, 74);
  await page.goto("/");
  await signInWithGoogle(page, stack.baseUrl, "provenance-one@pixlings.test");
  await buyByCard(page, first);

  await page.goto(`/mint/${first}`);
  await expect(page.getByRole("heading", { name: "Already Minted" })).toBeVisible();
  await expect(ownerSection(page).getByTestId("pix-owner")).toHaveText("Held for a card buyer");
  await expect(ownerSection(page).getByText("You own this")).toBeVisible();
  await expect(ownerSection(page).getByRole("link", { name: "Open in My Pixlings" })).toHaveAttribute("href", `/owned-pix/${first}`);
  await expect(history(page).getByRole("listitem")).toHaveCount(1);
  await expect(history(page)).toContainText("Minted for a card buyer on Local Ethereum, held for them by the shop");
  await expectAccessible(page);
  // On a phone its owner comes right after the Pix, before the on-chain check further down.
  await atPhoneWidthInBothThemes(page, "a card Pix's page for its buyer", async () => {
    const top = async (name: string) => (await page.getByRole("region", { name }).boundingBox())?.y ?? Number.NaN;
    expect(await top("Owner")).toBeLessThan(await top("Verify on-chain"));
  });
  await screenshots(page, "minted-card-owner");

  // Anyone else sees the same owner, never who it is, and no "You own this".
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  await page.goto(`/mint/${first}`);
  await expect(ownerSection(page).getByTestId("pix-owner")).toHaveText("Held for a card buyer");
  await expect(ownerSection(page).getByText("You own this")).toHaveCount(0);

  // A second person buys by card: two new owners, though custody holds both Pix.
  const second = await firstAvailableId(page, 75);
  await page.goto("/");
  await signInWithGoogle(page, stack.baseUrl, "provenance-two@pixlings.test");
  await buyByCard(page, second);
  await expect.poll(() => owners(page), { timeout: 15_000 }).toBe(before + 2);
  await page.goto("/");
  const stat = page.locator("xpath=//dt[normalize-space()='Owners']/following-sibling::dd[1]");
  await expect(stat).toHaveText((before + 2).toLocaleString("en-US"));
});

test("a wallet's Pix shows its owner and 'You own this' to that wallet, its moves in its history, and Browse shows it when sold ones are shown", async ({
  page,
  stack,
  useWallet,
}) => {
  test.setTimeout(240_000);
  const wallet = E2E_WALLETS.collector;
  await useWallet(wallet.privateKey, 31337);
  const id = await firstAvailableId(page, 76);
  await mintFromItsPage(page, id, /Local Ethereum/);

  await page.goto(`/mint/${id}`);
  await expect(ownerSection(page).getByTestId("pix-owner")).toHaveText(shortAddress(wallet.address));
  await expect(ownerSection(page).getByText("You own this")).toBeVisible();
  await expect(history(page)).toContainText(`Minted to ${shortAddress(wallet.address)} on Local Ethereum`);
  await expect(history(page).getByRole("listitem").first().locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);

  const beforeMove: unknown = await (await page.request.get(`/api/nfts/token/${id}`)).json();
  // The collector gives it away on-chain: the page follows the chain.
  const to = E2E_WALLETS.second.address;
  const chain = stack.chains.find((c) => c.chainId === 31337)!;
  const client = createWalletClient({ account: privateKeyToAccount(wallet.privateKey), transport: http(chain.rpcUrl) });
  await client.writeContract({
    chain: null,
    address: chain.address as Address,
    abi: parseAbi(["function transferFrom(address from, address to, uint256 tokenId)"]),
    functionName: "transferFrom",
    args: [wallet.address, to, BigInt(id)],
  });
  // The indexer sees the transfer within a block or two: each reload asks the API afresh.
  await expect(async () => {
    await page.reload();
    await expect(history(page).getByRole("listitem")).toHaveCount(2, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(history(page).getByRole("listitem").nth(1)).toContainText(`Moved from ${shortAddress(wallet.address)} to ${shortAddress(to)}`);
  await expect(ownerSection(page).getByTestId("pix-owner")).toHaveText(shortAddress(to));
  // The Pix's answer comes from the API's mirror of the indexer, a moment behind the history read
  // fresh: a load that gets the answer of before the move (replayed once here) still comes to show
  // the history's holder, without a reload.
  let replay = true;
  await page.route(`**/api/nfts/token/${id}`, (route) => {
    if (!replay) return route.fallback();
    replay = false;
    return route.fulfill({ json: beforeMove });
  });
  await page.reload();
  await expect(history(page).getByRole("listitem")).toHaveCount(2);
  await expect(ownerSection(page).getByTestId("pix-owner")).toHaveText(shortAddress(to));
  await expect(ownerSection(page).getByText("You own this")).toHaveCount(0);
  await atPhoneWidthInBothThemes(page, "a minted Pix's page");

  // Browse: sold Pix hidden by default, shown (as Sold, without a cart button) on request.
  const browsePage = Math.ceil(id / 100);
  await page.goto(`/browse?page=${browsePage}`);
  await expect(page.getByRole("article").first()).toBeVisible();
  await expect(page.getByRole("article").filter({ has: page.getByText(`Token #${id}`, { exact: true }) })).toHaveCount(0);
  // The trait explorer's status filter: "Show sold (any status)" is status=any (sold=include still opens it).
  await page.getByRole("checkbox", { name: "Show sold" }).check();
  await expect(page).toHaveURL(/status=any/);
  await page.goto(`/browse?sold=include&page=${browsePage}`);
  const sold = page.getByRole("article").filter({ has: page.getByText(`Token #${id}`, { exact: true }) });
  await expect(sold).toContainText("Sold");
  await expect(sold.getByRole("button")).toHaveCount(0);
  await expect(page.getByText(/[\d,]+ Pix, sold ones included/)).toBeVisible();
  await atPhoneWidthInBothThemes(page, "browse with sold Pix", () => expectAccessible(page));
  await page.getByRole("checkbox", { name: "Show sold" }).uncheck();
  await expect(page.getByText(/[\d,]+ available/)).toBeVisible();
});
