// Google sign-in in the browser through the stack's local OpenID provider (local-google/: ready
// accounts ...@pixlings.test, or any email typed in).
import { expect, type Page } from "@playwright/test";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export interface SessionUser {
  firstName: string | null;
  email: string | null;
  hasGoogle: boolean;
  linkedWallets: string[];
  linkingDismissed: boolean;
}

export async function sessionUser(page: Page): Promise<SessionUser | null> {
  const res = await page.context().request.get("/api/auth/user");
  return res.status() === 200 ? ((await res.json()) as SessionUser) : null;
}

/**
 * On the local provider's sign-in page: picks the ready account `email` when offered, else types
 * it; passes a consent step if the provider shows one; ends back on the storefront.
 */
export async function chooseGoogleAccount(page: Page, baseUrl: string, email: string): Promise<void> {
  const home = new URL(baseUrl).origin;
  await page.waitForURL((url) => url.origin !== home);
  for (let step = 0; step < 4 && new URL(page.url()).origin !== home; step++) {
    await page.waitForLoadState("domcontentloaded");
    const before = page.url();
    const ready = page.getByRole("button", { name: new RegExp(escapeRegExp(email), "i") });
    const field = page.getByLabel(/e-?mail/i);
    if ((await ready.count()) > 0) await ready.first().click();
    else if ((await field.count()) > 0) {
      await field.first().fill(email);
      await page
        .getByRole("button", { name: /sign in|continue|log in|submit/i })
        .first()
        .click();
    } else
      await page
        .getByRole("button", { name: /continue|allow|authorize|consent|yes/i })
        .first()
        .click();
    await page.waitForURL((url) => url.href !== before).catch(() => undefined);
  }
  await page.waitForURL((url) => url.origin === home);
}

/** Header "Sign In" -> "Continue with Google" -> the provider -> back, welcomed by name. */
export async function signInWithGoogle(page: Page, baseUrl: string, email: string): Promise<SessionUser> {
  await page.getByRole("banner").getByRole("button", { name: "Sign In", exact: true }).click();
  await page.getByRole("menuitem", { name: "Continue with Google" }).click();
  await chooseGoogleAccount(page, baseUrl, email);
  const user = await sessionUser(page);
  expect(user).toMatchObject({ email, hasGoogle: true });
  // By CSS, not by role: the link prompt may already be open, hiding the rest from assistive tech.
  await expect(page.locator("header").getByText(`Welcome ${user!.firstName || user!.email}`)).toBeVisible();
  return user!;
}

/** Google sign-in through the stand-in as one of its ready accounts, back on `returnTo`. */
export async function signInAs(page: Page, email: string, returnTo: string): Promise<void> {
  await page.goto(`/api/auth/google?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByRole("button", { name: new RegExp(email.replace(/[.@]/g, "\\$&")) }).click();
  await page.waitForURL((url) => url.pathname === returnTo.split("?")[0]);
}
