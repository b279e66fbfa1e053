// Account pages when requests fail (My Pixlings: an error with Retry, never an endless spinner),
// and Sign Out then "Continue with Google": the stand-in asks which account (prompt=select_account)
// instead of signing the same one in again with its own session.
import type { Page, Route } from "@playwright/test";
import { expect, expectAccessible, screenshots, test } from "../support/fixtures.ts";

const banner = (page: Page) => page.getByRole("banner");
const spinner = (page: Page) => page.getByRole("status").filter({ hasText: /^Loading your/ });

/** Answers `path` with a 503 and the API's `{ message }` while `failing()` holds; counts the requests. */
async function failWhile(page: Page, path: string, message: string, failing: () => boolean): Promise<{ requests: number }> {
  const seen = { requests: 0 };
  await page.route(`**${path}`, (route: Route) => {
    seen.requests++;
    if (!failing()) return route.fallback();
    return route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message }) });
  });
  return seen;
}

/** Header "Sign In" -> "Continue with Google" -> the stand-in's page (always shown: the API asks it to). */
async function openGoogleChoice(page: Page, baseUrl: string): Promise<void> {
  await banner(page).getByRole("button", { name: "Sign In", exact: true }).click();
  await page.getByRole("menuitem", { name: "Continue with Google" }).click();
  await page.waitForURL((url) => url.origin !== new URL(baseUrl).origin);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
}

async function backWelcomed(page: Page, baseUrl: string, welcome: string): Promise<void> {
  await page.waitForURL((url) => url.origin === new URL(baseUrl).origin);
  await expect(page.locator("header").getByText(welcome)).toBeVisible();
}

test("/my-pixlings: GET /api/chains failing shows the error with Retry, not a spinner; Retry recovers", async ({ page }) => {
  let failing = true;
  const chains = await failWhile(page, "/api/chains", "The chains are not configured yet", () => failing);
  await page.goto("/my-pixlings");
  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toContainText("Could not load your Pixlings");
  await expect(alert).toContainText("The chains are not configured yet");
  await expect(spinner(page)).toHaveCount(0);
  expect(chains.requests).toBeGreaterThan(0);
  await screenshots(page, "my-pixlings-chains-error");
  await expectAccessible(page);

  // Still failing: Retry asks again and the error stays (no spinner left behind).
  const before = chains.requests;
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect.poll(() => chains.requests).toBeGreaterThan(before);
  await expect(alert.getByRole("button", { name: "Retry" })).toBeEnabled();
  await expect(alert).toContainText("The chains are not configured yet");

  failing = false;
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("heading", { name: "Login or Connect Wallet" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
});

test("/my-pixlings signed in: the session's list failing shows the error with Retry; Retry shows the list", async ({ page, stack }) => {
  let failing = true;
  const owned = await failWhile(page, "/api/owner/pixlings", "The indexer is catching up", () => failing);
  await page.goto("/my-pixlings");
  await openGoogleChoice(page, stack.baseUrl);
  await page.getByLabel("Or use any email").fill("retry@pixlings.test");
  await page.getByRole("button", { name: "Continue" }).click();
  await backWelcomed(page, stack.baseUrl, "Welcome retry@pixlings.test");

  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toContainText("Could not load your Pixlings");
  await expect(alert).toContainText("The indexer is catching up");
  await expect(spinner(page)).toHaveCount(0);
  expect(owned.requests).toBeGreaterThan(0);

  failing = false;
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Pixlings" })).toBeVisible();
  await expect(page.getByText("0 owned")).toBeVisible();
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
});

test("after Sign Out, Continue with Google asks which account instead of signing the same one in again", async ({ page, stack }) => {
  await page.goto("/");
  await openGoogleChoice(page, stack.baseUrl);
  await page.getByRole("button", { name: /collector@pixlings\.test/ }).click();
  await backWelcomed(page, stack.baseUrl, "Welcome Casey");
  await banner(page).getByRole("button", { name: "Sign Out" }).click();
  await expect(banner(page).getByRole("button", { name: "Sign In", exact: true })).toBeVisible();

  // The stand-in still has Casey's session: it shows the choice, Casey marked, not a silent return.
  await openGoogleChoice(page, stack.baseUrl);
  await expect(page.getByRole("button", { name: /Casey Collector\s*Signed in/ })).toBeVisible();
  await screenshots(page, "local-google-choice");
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshots(page, "local-google-choice-dark");
  await expectAccessible(page);

  // Keyboard only: another account, through the stand-in's sign-out of Casey.
  await page.getByRole("button", { name: /artist@pixlings\.test/ }).focus();
  await page.keyboard.press("Enter");
  await backWelcomed(page, stack.baseUrl, "Welcome Ari");
});

test("/connect-wallet: GET /api/auth/user failing is an error with Retry, not 'Login Required'", async ({ page }) => {
  let failing = true;
  await failWhile(page, "/api/auth/user", "The database is not answering", () => failing);
  await page.goto("/connect-wallet");
  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toContainText("Could not check who is signed in");
  await expect(alert).toContainText("The database is not answering");
  await expect(page.getByRole("heading", { name: "Login Required" })).toHaveCount(0);
  await expectAccessible(page);

  failing = false;
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("heading", { name: "Login Required" })).toBeVisible();
});
