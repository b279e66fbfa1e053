// The account page (download my data, sign out everywhere, delete my account), an admin ending an
// account's sessions, /login-failed in the shop's own words only, and the freemint redemption on a
// phone (Redeem beside the picker, the page back at its top after redeeming).
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { expect, expectAccessible, screenshots, test } from "../support/fixtures.ts";
import { sessionUser, signInWithGoogle } from "../support/google.ts";

/** The parts of "Download my data" (shared/src/http/account.ts) this test reads. */
interface AccountExport {
  account: { id: number; email: string | null };
  sessions: { thisSession: boolean; signedInWith: string }[];
}

/** The shop's own sentences of /login-failed (LOGIN_FAILURES in shared/src/http/auth.ts), as a user reads them. */
const SIGN_IN_FAILED = "Google's answer could not be checked, so you were not signed in. Please try again.";
const ACCESS_DENIED = "The sign-in was cancelled, or Google did not share your account with us.";

const banner = (page: Page) => page.getByRole("banner");
const toast = (page: Page) => page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");

/** A second browser of its own, signed in with Google as `email`. */
async function otherBrowser(browser: Browser, baseUrl: string, email: string): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  await page.goto("/");
  await signInWithGoogle(page, baseUrl, email);
  return { page, close: () => context.close() };
}

test("a user downloads their data, signs out everywhere, and deletes the account", async ({ page, browser, stack }) => {
  const email = "leaving@pixlings.test";
  await page.goto("/");
  await signInWithGoogle(page, stack.baseUrl, email);
  await banner(page).getByRole("link", { name: "leaving@pixlings.test" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "Your Account" })).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^pixlings-account-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, "utf8")) as AccountExport;
  expect(data.account.email).toBe(email);
  expect(data.sessions.some((s) => s.thisSession && s.signedInWith === "google")).toBe(true);
  await screenshots(page, "account");
  await expectAccessible(page);

  // Sign out everywhere: another browser of the same account is signed out too.
  const other = await otherBrowser(browser, stack.baseUrl, email);
  try {
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await page.getByRole("dialog", { name: "Sign out everywhere?" }).getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(banner(page).getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
    expect(await sessionUser(page)).toBeNull();
    expect(await sessionUser(other.page)).toBeNull();
  } finally {
    await other.close();
  }

  // Delete: the dialog says what goes and what stays; afterwards, signed out, and a new sign-in is a new account.
  await signInWithGoogle(page, stack.baseUrl, email);
  await page.goto("/account");
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog.getByRole("heading", { name: "Removed" })).toBeVisible();
  await expect(dialog.getByText("your card and freemint orders, for accounting")).toBeVisible();
  await screenshots(page, "account-delete");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(toast(page)).toContainText("Account Deleted");
  await page.waitForURL((url) => url.pathname === "/");
  await expect(banner(page).getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  expect(await sessionUser(page)).toBeNull();

  await signInWithGoogle(page, stack.baseUrl, email);
  const again = (await (await page.context().request.get("/api/account/export")).json()) as AccountExport;
  expect(again.account.id).not.toBe(data.account.id);
});

test("an admin finds an account and ends all its sessions", async ({ page, browser, stack }) => {
  const user = await otherBrowser(browser, stack.baseUrl, "lost-phone@pixlings.test");
  try {
    await page.goto("/");
    await signInWithGoogle(page, stack.baseUrl, "admin@pixlings.test");
    await page.goto("/admin/users");
    await page.getByLabel("Find an account").fill("lost-phone");
    await page.getByRole("button", { name: "Search" }).click();
    const found = page.getByRole("article", { name: "lost-phone@pixlings.test" });
    await expect(found).toContainText("1 live");
    await screenshots(page, "admin-accounts");
    await expectAccessible(page);
    await found.getByRole("button", { name: "End all sessions" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "End all sessions" }).click();
    await expect(toast(page)).toContainText("Signed lost-phone@pixlings.test out everywhere: 1 session ended");
    expect(await sessionUser(user.page)).toBeNull();
    await expect(found).toContainText("0 live");
  } finally {
    await user.close();
  }
});

test("/login-failed shows only the shop's own words: not the provider's, not a link's", async ({ page, stack }) => {
  // A real failure: the sign-in started in this browser (its login cookie set), then a callback whose
  // state is not the one it sent; openid-client refuses it and names the check it failed.
  await page.goto("/");
  await banner(page).getByRole("button", { name: "Sign In", exact: true }).click();
  const start = await page.getByRole("menuitem", { name: "Continue with Google" }).getAttribute("href");
  await page.goto(start!);
  await page.waitForURL((url) => url.origin !== new URL(stack.baseUrl).origin);
  await page.goto(`${stack.baseUrl}/api/auth/google/callback?code=forged-code&state=forged-state`);
  await expect(page).toHaveURL(/\/login-failed\?error=sign_in_failed/);
  await expect(page.getByText(SIGN_IN_FAILED)).toBeVisible();
  await expect(page.getByText(/state|response parameter|openid|oauth/i)).toHaveCount(0);
  expect(await sessionUser(page)).toBeNull();

  // A link anyone can write: its words are never shown.
  const lure = "Your account is locked: call +1 555 0100";
  await page.goto(`/login-failed?error=access_denied&error_description=${encodeURIComponent(lure)}`);
  await expect(page.getByText(ACCESS_DENIED)).toBeVisible();
  await expect(page.getByText(lure)).toHaveCount(0);
  await page.goto(`/login-failed?error=${encodeURIComponent(lure)}`);
  await expect(page.getByText("unknown", { exact: true })).toBeVisible();
  await expect(page.getByText(lure)).toHaveCount(0);
  await expectAccessible(page);
});

test("on a phone, Redeem sits beside the freemint picker, and the page is back at its top after redeeming", async ({ page, browser, stack }) => {
  test.setTimeout(180_000);
  const admin = await otherBrowser(browser, stack.baseUrl, "admin@pixlings.test");
  let code: string;
  try {
    const created = await admin.page.context().request.post("/api/admin/freemint-cards", { data: { cardType: "3pix" } });
    expect(created.ok()).toBe(true);
    code = ((await created.json()) as { code: string }).code;
  } finally {
    await admin.close();
  }
  await page.goto("/");
  await signInWithGoogle(page, stack.baseUrl, "phone-redeemer@pixlings.test");
  await page.setViewportSize({ width: 375, height: 812 });
  // A card's QR code link: the code fills the form and leaves the address bar at once.
  await page.goto(`/redeem?code=${encodeURIComponent(code)}`);
  await expect(page).toHaveURL(/\/redeem$/);
  await expect(page.getByLabel("Freemint code")).toHaveValue(code);
  await page.getByRole("button", { name: "Check Code" }).click();
  await expect(page.getByRole("heading", { name: "3-Pix card: 3 free Common Pix" })).toBeVisible();

  const boxes = page.getByRole("checkbox", { name: /^Choose / });
  for (let i = 0; i < 2; i++) await boxes.nth(i).check();
  const redeem = page.getByRole("button", { name: "Redeem 2 Pix" });
  // Next to the picker, on the screen, without scrolling to the end of the list.
  const box = await redeem.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(812);
  expect(await page.evaluate(() => window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 812)).toBe(true);
  await boxes.nth(30).scrollIntoViewIfNeeded();
  const lower = await redeem.boundingBox();
  expect(lower!.y + lower!.height).toBeLessThanOrEqual(812);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(400);

  await redeem.click();
  await expect(page).toHaveURL(/\/redeem\?order=/);
  await expect(page.getByRole("heading", { name: "Redeem a Freemint Card" })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("/privacy lists what is stored, for how long, and what deleting an account keeps", async ({ page }) => {
  await page.goto("/privacy");
  await expect(page.getByRole("heading", { name: "What we store, and for how long" })).toBeVisible();
  for (const text of ["The wallet addresses you signed in with", "Card and freemint orders", "the IP address (for IPv6, its network)", "The admin audit log"]) {
    await expect(page.getByText(text).first()).toBeVisible();
  }
  await expect(page.getByText("Kept for accounting.")).toBeVisible();
  await page.getByRole("link", { name: "your account page" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.goBack();
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshots(page, "privacy-dark");
  await expectAccessible(page);
});
