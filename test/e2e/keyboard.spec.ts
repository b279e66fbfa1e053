// Issue 23 §7: a Pix bought by card from the home page to "Purchase Complete!" with the keyboard
// alone (Tab, Shift+Tab, Enter, Space, arrows; no click, no mouse), with a visible focus ring on
// every stop focus makes. Only the first page is opened by address; everything after is keys.
import type { Page } from "@playwright/test";
import { confirmMint } from "../support/confirmMint.ts";
import { expect, test } from "../support/fixtures.ts";

/** Minting for a card order runs on the server (custody mint, then the indexer). */
const MINTED_TIMEOUT = 90_000;

interface Focused {
  tag: string;
  name: string;
  href: string | null;
  ring: boolean;
  visible: boolean;
  where: string;
  /** The heading of the section it is in. */
  section: string | null;
  /** Inside the page's main content (not the skip link, header or footer). */
  inMain: boolean;
}

/** What has focus, how it is named, and whether it shows a focus ring (a visible outline or ring shadow) on screen. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body)
      return { tag: "BODY", name: "", href: null, ring: false, visible: false, where: location.pathname, section: null, inMain: false };
    const style = getComputedStyle(el);
    // Seen only when its colour is: a transparent outline or ring layer (Tailwind sets both) shows nothing.
    const opaque = (colour: string): boolean => !/^rgba\(.*,\s*0\)$/.test(colour) && colour !== "transparent";
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0 && opaque(style.outlineColor);
    // A ring is a shadow layer with no offset and no blur that spreads: not a card's drop shadow.
    const shadow = style.boxShadow.split(/,(?![^(]*\))/).some((layer) => {
      const ring = /^(rgba?\([^)]*\)|#[0-9a-f]+)\s+0px 0px 0px ([\d.]+)px/i.exec(layer.trim());
      return ring !== null && parseFloat(ring[2]!) > 0 && opaque(ring[1]!);
    });
    const rect = el.getBoundingClientRect();
    const labelled = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
    const name = (el.getAttribute("aria-label") ?? labelled ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? "")
      .trim()
      .replace(/\s+/g, " ");
    return {
      tag: el.tagName,
      name,
      href: el.getAttribute("href"),
      ring: outline || shadow,
      visible: rect.width > 1 && rect.height > 1 && rect.bottom > 0 && rect.right > 0 && rect.top < innerHeight && rect.left < innerWidth,
      where: location.pathname,
      section: el.closest("section")?.querySelector("h2")?.textContent ?? null,
      inMain: document.querySelector("main")?.contains(el) ?? false,
    };
  });
}

/** Presses `key` and checks the element it focused shows a focus ring, on screen. */
async function press(page: Page, key: string): Promise<Focused> {
  await page.keyboard.press(key);
  const now = await focused(page);
  expect(now.tag, `${key} on ${now.where} focused nothing`).not.toBe("BODY");
  expect(now.ring, `${key} on ${now.where}: ${now.tag} "${now.name}" shows no focus ring`).toBe(true);
  expect(now.visible, `${key} on ${now.where}: ${now.tag} "${now.name}" is not on screen`).toBe(true);
  return now;
}

/** Tabs (each stop checked) until `wanted` holds for the focused element; fails after `max` stops. */
async function tabTo(page: Page, wanted: (f: Focused) => boolean, what: string, max = 120): Promise<Focused> {
  for (let i = 0; i < max; i++) {
    const now = await press(page, "Tab");
    if (wanted(now)) return now;
  }
  throw new Error(`${what}: not reached within ${max} Tab stops`);
}

test("a Pix bought by card from the home page with the keyboard alone, focus visible at every step", async ({ page, stack }) => {
  test.setTimeout(300_000);
  await page.goto("/");
  // The page has loaded its grids (a visitor sees them before reaching for the keyboard).
  await expect(page.getByRole("region", { name: "Featured Collection" }).getByRole("article").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Artist Pieces" }).getByRole("article").first()).toBeVisible();

  // The skip link is the first stop, and it skips the header.
  const skip = await press(page, "Tab");
  expect(skip.name).toBe("Skip to content");
  await page.keyboard.press("Enter");
  const first = await press(page, "Tab");
  expect(first.where).toBe("/");
  expect(await page.evaluate(() => document.querySelector("header")?.contains(document.activeElement) ?? false)).toBe(false);
  // Shift+Tab goes back the way it came (out of the page content, to the header's last control).
  await press(page, "Shift+Tab");
  await press(page, "Tab");

  // On to the Featured Collection's first Pix, by its picture's link.
  const featured = await tabTo(
    page,
    (f) => f.section === "Featured Collection" && f.tag === "A" && /^\/mint\/\d+$/.test(f.href ?? ""),
    "a Featured Collection Pix",
  );
  const id = Number(/\/mint\/(\d+)/.exec(featured.href!)![1]);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/mint/${id}$`));
  await expect(page.getByRole("heading", { name: "Mint This Pix" })).toBeVisible();
  // Focus went into the new page with it: the next stop is in its content, not back at the top.
  expect((await press(page, "Tab")).inMain, "the first Tab on the Pix's page").toBe(true);

  // Card payment: the payment method radios move with the arrow keys.
  const chooseCard = async () => {
    await tabTo(page, (f) => f.tag === "INPUT" && /Cryptocurrency/.test(f.name), "the payment method");
    // A keyboard user presses the arrow for the card once they see it: until the card settings
    // arrive its place is kept unseen and disabled, and an arrow key stays on Cryptocurrency.
    await expect(page.getByRole("radio", { name: "Credit Card (USD)" })).toBeEnabled();
    await press(page, "ArrowDown");
    await expect(page.getByRole("radio", { name: "Credit Card (USD)" })).toBeChecked();
    await expect(page.getByRole("radio", { name: "Credit Card (USD)" })).toBeFocused();
  };
  await chooseCard();

  // Signed out: "Continue with Google", then the sign-in page, by keys too.
  await tabTo(page, (f) => f.tag === "A" && f.name === "Continue with Google", "Continue with Google");
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.origin !== new URL(stack.baseUrl).origin);
  await tabTo(page, (f) => f.tag === "INPUT" && /any email/i.test(f.name), "the email field");
  await page.keyboard.type("keyboard-buyer@pixlings.test");
  const home = new URL(stack.baseUrl).origin;
  const backHome = () =>
    page
      .waitForURL((url) => url.origin === home, { timeout: 15_000 })
      .then(
        () => true,
        () => false,
      );
  await page.keyboard.press("Enter");
  // A consent step, if the provider shows one, is passed by keys too.
  for (let step = 0; step < 3 && !(await backHome()); step++) {
    await page.waitForLoadState("load");
    await tabTo(page, (f) => f.tag === "BUTTON" && /continue|allow|authorize|consent|yes/i.test(f.name), "the consent button", 20);
    await page.keyboard.press("Enter");
  }
  await expect(page).toHaveURL(new RegExp(`/mint/${id}$`));
  await expect(page.getByRole("banner")).toContainText("Welcome");

  // Back on the Pix, signed in: card again, then Pay with Card (Space presses a button).
  await chooseCard();
  await tabTo(page, (f) => f.tag === "BUTTON" && f.name === "Pay with Card", "Pay with Card");
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/\/checkout\?order=/);

  // The test-card form: focus went into the new page, so Tab reaches the card number.
  await expect(page.getByLabel("Card number")).toBeVisible();
  const firstStop = await press(page, "Tab");
  expect(firstStop.inMain, "the first Tab on /checkout").toBe(true);
  const isCardNumber = (f: Focused) => f.tag === "INPUT" && f.name === "Card number";
  if (!isCardNumber(firstStop)) await tabTo(page, isCardNumber, "the card number", 40);
  await page.keyboard.type("4242424242424242");
  await press(page, "Tab");
  expect((await focused(page)).name).toBe("Expiry (MM / YY)");
  await page.keyboard.type("1234");
  await press(page, "Tab");
  expect((await focused(page)).name).toBe("CVC");
  await page.keyboard.type("123");
  await expect(page.getByLabel("Expiry (MM / YY)")).toHaveValue("12 / 34");
  await tabTo(page, (f) => f.tag === "BUTTON" && /^Pay \$\d/.test(f.name), "Pay", 10);
  await page.keyboard.press("Enter");

  await confirmMint(page, stack, MINTED_TIMEOUT);
  await expect(page.getByRole("heading", { name: "Purchase Complete!" })).toBeVisible({ timeout: MINTED_TIMEOUT });
  await expect(page.getByTestId("receipt")).toContainText("Visa ending in 4242");
  await expect(page.getByTestId("receipt")).toContainText(`#${id}`);
});
