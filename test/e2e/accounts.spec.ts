// Accounts: Google sign-in through the stack's local OpenID provider (local-google/, ready accounts
// …@pixlings.test), the link prompt, stories, sign out. Each test has its own wallet and Pix.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, screenshots, test } from "../support/fixtures.ts";
import { E2E_WALLETS } from "../support/env.ts";
import { sessionUser, signInWithGoogle } from "../support/google.ts";
import { connectOnMyPixlings } from "../support/myPixlings.ts";

const toast = (page: Page) => page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");
const banner = (page: Page) => page.getByRole("banner");

async function signOut(page: Page): Promise<void> {
  await banner(page).getByRole("button", { name: "Sign Out" }).click();
  await expect(banner(page).getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  expect(await sessionUser(page)).toBeNull();
}

test("Google sign-in, link the wallet from the prompt, mint, write a story on My Pixlings, see it on its pages, sign out", async ({
  page,
  stack,
  useWallet,
}) => {
  const wallet = await useWallet(E2E_WALLETS.linker.privateKey, 31337);
  await page.goto("/");
  const collector = await signInWithGoogle(page, stack.baseUrl, "collector@pixlings.test");
  const welcome = `Welcome ${collector.firstName || collector.email}`;

  // A wallet connected that is not linked: the prompt.
  await connectOnMyPixlings(page);
  const prompt = page.getByRole("dialog", { name: "Link Your Accounts" });
  await expect(prompt).toBeVisible();
  await screenshots(page, "link-prompt");
  await prompt.getByRole("button", { name: "Link Accounts" }).click();
  const linked = page.getByRole("dialog", { name: "Accounts Linked!" });
  await expect(linked).toBeVisible();
  expect(wallet.requests).toContain("personal_sign");
  expect((await sessionUser(page))?.linkedWallets.map((a) => a.toLowerCase())).toContain(wallet.address.toLowerCase());
  // Closes by itself after 2 s.
  await expect(linked).toBeHidden({ timeout: 5_000 });

  // Signed out, the linked wallet signs in as the same user (SIWE during the mint).
  await signOut(page);
  await page.goto("/browse?page=40");
  const first = page.getByRole("article").first();
  const id = Number(/#(\d+)/.exec(await first.innerText())?.[1]);
  expect(id).toBeGreaterThan(0);
  await page.goto(`/mint/${id}`);
  await page.getByRole("button", { name: "Mint This Pix" }).click();
  await expect(page.getByRole("heading", { name: /Mint Successful|Minting Complete/ })).toBeVisible({ timeout: 60_000 });
  await expect(banner(page).getByText(welcome)).toBeVisible();

  // The story, from My Pixlings.
  await page.goto("/my-pixlings");
  const card = page.getByRole("article").filter({ hasText: `Token #${id}` });
  await expect(card.getByText("On-Chain")).toBeVisible();
  await expect(card.getByText("Has a story")).toHaveCount(0);
  await card.getByRole("button", { name: "Edit Story" }).click();
  const dialog = page.getByRole("dialog", { name: /Story of/ });
  const name = `Sunny ${id}`;
  const story = "Found in a 9x9 garden, it hums in eight colours.";
  await dialog.getByLabel("Name").fill("x".repeat(51));
  await expect(dialog.getByText("51/50 characters")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Save Pix Story" })).toBeDisabled();
  // Markup is the server's to refuse (400), and its message is shown.
  await dialog.getByLabel("Name").fill("<b>bold</b>");
  await dialog.getByRole("button", { name: "Save Pix Story" }).click();
  await expect(dialog.getByRole("alert")).toBeVisible();
  await dialog.getByLabel("Name").fill(name);
  await expect(dialog.getByText(`${name.length}/50 characters`)).toBeVisible();
  await dialog.getByLabel("Story").fill(story);
  await screenshots(page, "story-dialog");
  await dialog.getByRole("button", { name: "Save Pix Story" }).click();
  await expect(toast(page)).toContainText("Pix Story Updated");
  await expect(dialog).toBeHidden();
  await expect(card.getByText(name)).toBeVisible();
  await expect(card.getByText("Has a story")).toBeVisible();
  await expect(page.getByText("With stories")).toBeVisible();

  await page.goto(`/owned-pix/${id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Story" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel").getByLabel("Story")).toHaveValue(story);
  await screenshots(page, "owned-pix-story");
  await expectAccessible(page);

  await page.goto(`/mint/${id}`);
  await expect(page.getByText("Already Minted")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText(story)).toBeVisible();

  await signOut(page);
});

test("a wallet linked to another account is refused with the server's message", async ({ page, stack, useWallet }) => {
  const wallet = await useWallet(E2E_WALLETS.contested.privateKey, 31337);
  await page.goto("/");
  await signInWithGoogle(page, stack.baseUrl, "artist@pixlings.test");
  await connectOnMyPixlings(page);
  await page.getByRole("dialog", { name: "Link Your Accounts" }).getByRole("button", { name: "Link Accounts" }).click();
  const linked = page.getByRole("dialog", { name: "Accounts Linked!" });
  await expect(linked).toBeVisible();
  await expect(linked).toBeHidden({ timeout: 5_000 });
  await signOut(page);
  // Another person at this browser: the provider's own session goes too (a fresh browser); the
  // wallet stays connected (local storage).
  await page.context().clearCookies();

  await signInWithGoogle(page, stack.baseUrl, "admin@pixlings.test");
  // The wallet is still connected and not this user's: the prompt again, and linking it fails.
  const prompt = page.getByRole("dialog", { name: "Link Your Accounts" });
  await prompt.getByRole("button", { name: "Link Accounts" }).click();
  await expect(prompt.getByRole("alert")).toBeVisible();
  await expect(prompt.getByRole("alert")).not.toHaveText("Failed to link wallet to your account");
  // The spec's toast too (by CSS: the open dialog hides the toast region from assistive tech).
  await expect(page.locator("[data-variant]")).toContainText("Link Failed");
  await expect(prompt.getByRole("button", { name: "Link Accounts" })).toBeEnabled();
  expect((await sessionUser(page))?.linkedWallets.map((a) => a.toLowerCase()) ?? []).not.toContain(wallet.address.toLowerCase());
  await prompt.getByRole("button", { name: "Maybe Later" }).click();
  await expect(prompt).toBeHidden();
  // admin@ is an admin by config: the header offers the admin area.
  await expect(banner(page).getByRole("link", { name: "Admin" })).toBeVisible();
});

/** Header "Sign In" -> "Sign in with Ethereum" with the test wallet: an account of the wallet's own. */
async function signInWithEthereum(page: Page, address: string): Promise<void> {
  await page.goto("/");
  await banner(page).getByRole("button", { name: "Sign In", exact: true }).click();
  await page.getByRole("menuitem", { name: "Sign in with Ethereum" }).click();
  await page
    .getByRole("dialog", { name: "Connect Wallet" })
    .getByRole("button", { name: /Pixlings Test Wallet/ })
    .click();
  await expect.poll(async () => (await sessionUser(page))?.linkedWallets).toEqual([address]);
}

test("a wallet that signed in on its own first moves to the Google account only after the user confirms", async ({ page, stack, useWallet }) => {
  const wallet = await useWallet(E2E_WALLETS.mover.privateKey, 31337);
  // Sign-In with Ethereum first: the wallet gets an account of its own.
  await signInWithEthereum(page, wallet.address);
  expect(await sessionUser(page)).toMatchObject({ hasGoogle: false });
  await signOut(page);

  // Then Google: the wallet is still connected and not this user's, so the prompt; linking finds its own account.
  await signInWithGoogle(page, stack.baseUrl, "mover@pixlings.test");
  const prompt = page.getByRole("dialog", { name: "Link Your Accounts" });
  await prompt.getByRole("button", { name: "Link Accounts" }).click();
  const confirm = page.getByRole("dialog", { name: "Move This Wallet?" });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText(/already has a Pixlings account of its own/)).toBeVisible();
  await expect(confirm.getByText(/signed out in every browser/)).toBeVisible();
  expect((await sessionUser(page))?.linkedWallets).toEqual([]);
  await screenshots(page, "link-prompt-move");
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshots(page, "link-prompt-move-dark");
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: "light" });

  const signatures = wallet.requests.filter((method) => method === "personal_sign").length;
  await confirm.getByRole("button", { name: "Move it to this account" }).click();
  const linked = page.getByRole("dialog", { name: "Accounts Linked!" });
  await expect(linked).toBeVisible();
  await expect(linked).toContainText("your Google account");
  // The confirmation is signed anew: the first signature's nonce is used up.
  expect(wallet.requests.filter((method) => method === "personal_sign").length).toBe(signatures + 1);
  expect(await sessionUser(page)).toMatchObject({ email: "mover@pixlings.test", hasGoogle: true, linkedWallets: [wallet.address] });
  await expect(linked).toBeHidden({ timeout: 5_000 });
});

test("/connect-wallet asks before moving a wallet out of its own account, and Cancel leaves it there", async ({ page, stack, useWallet }) => {
  const wallet = await useWallet(E2E_WALLETS.pageMover.privateKey, 31337);
  await signInWithEthereum(page, wallet.address);
  await signOut(page);

  await signInWithGoogle(page, stack.baseUrl, "page-mover@pixlings.test");
  await page.getByRole("dialog", { name: "Link Your Accounts" }).getByRole("button", { name: "Maybe Later" }).click();
  await page.goto("/connect-wallet");
  const section = page.getByRole("region", { name: "Link a wallet" });
  await section.getByRole("button", { name: "Link Wallet" }).click();
  const move = section.getByRole("region", { name: "Move This Wallet?" });
  await expect(move).toBeVisible();
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshots(page, "connect-wallet-move-dark");
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: "light" });
  await screenshots(page, "connect-wallet-move");

  await move.getByRole("button", { name: "Cancel" }).click();
  await expect(move).toBeHidden();
  expect((await sessionUser(page))?.linkedWallets).toEqual([]);
  await section.getByRole("button", { name: "Link Wallet" }).click();
  await move.getByRole("button", { name: "Move it to this account" }).click();
  await expect(section.getByText("Wallet Linked")).toBeVisible();
  expect(await sessionUser(page)).toMatchObject({ email: "page-mover@pixlings.test", linkedWallets: [wallet.address] });
});

test("Maybe Later keeps the prompt closed for the session, across reloads", async ({ page, stack, useWallet }) => {
  await useWallet(E2E_WALLETS.dismisser.privateKey, 31337);
  await page.goto("/");
  await signInWithGoogle(page, stack.baseUrl, "later@pixlings.test");
  await connectOnMyPixlings(page);
  const prompt = page.getByRole("dialog", { name: "Link Your Accounts" });
  await prompt.getByRole("button", { name: "Maybe Later" }).click();
  await expect(prompt).toBeHidden();
  await expect.poll(async () => (await sessionUser(page))?.linkingDismissed).toBe(true);
  await page.reload();
  // The wallet is connected again (the prompt's other conditions hold) and still no prompt.
  await expect(banner(page).getByRole("button", { name: /^Wallet 0x/ })).toBeVisible();
  await expect(page.getByRole("tab", { name: /Crypto Wallet/ })).toBeVisible();
  await expect(prompt).toHaveCount(0);
});

test("sign-in pages: Google links return to the page, /login-failed shows its defaults and never a link's text", async ({ page }) => {
  await page.goto("/browse?page=2");
  await banner(page).getByRole("button", { name: "Sign In", exact: true }).click();
  const google = page.getByRole("menuitem", { name: "Continue with Google" });
  expect(new URL((await google.getAttribute("href"))!, "http://x").searchParams.get("returnTo")).toBe("/browse?page=2");
  await page.keyboard.press("Escape");

  await page.goto("/login?returnTo=https://evil.example/");
  const links = page.getByRole("main").getByRole("link", { name: /Continue with Google|Try opening in new tab/ });
  await expect(links).toHaveCount(2);
  for (const link of await links.all()) expect(await link.getAttribute("href")).toBe("/api/auth/google?returnTo=%2F");
  await expect(page.getByRole("main").getByRole("link", { name: "Try opening in new tab" })).toHaveAttribute("target", "_blank");
  await screenshots(page, "login");
  await expectAccessible(page);

  await page.goto("/login-failed");
  await expect(page.getByText("unknown", { exact: true })).toBeVisible();
  await expect(page.getByText("Google's answer could not be checked, so you were not signed in. Please try again.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Try Again" })).toHaveAttribute("href", /^\/api\/auth\/google\?returnTo=/);
  await page.goto(`/login-failed?error=access_denied&error_description=${encodeURIComponent("<img src=x onerror=alert(1)>")}`);
  await expect(page.getByText("The sign-in was cancelled, or Google did not share your account with us.")).toBeVisible();
  await expect(page.getByText("<img src=x onerror=alert(1)>")).toHaveCount(0);
  await expect(page.locator("img[src=x]")).toHaveCount(0);
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshots(page, "login-failed-dark");
  await expectAccessible(page);

  await page.goto("/connect-wallet");
  await expect(page.getByRole("heading", { name: "Login Required" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in with Google" })).toHaveAttribute("href", "/api/auth/google?returnTo=%2Fconnect-wallet");
  await screenshots(page, "connect-wallet-signed-out");
  await expectAccessible(page);
});
