import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** A phone's width, as the issue tried it. */
export const PHONE = { width: 375, height: 812 } as const;

/** The page is no wider than the window: nothing makes the visitor scroll sideways. */
export async function expectNoHorizontalOverflow(page: Page, what: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${what}: the page is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth);
}

/**
 * At 375 px, in light and then in dark (the system theme the app follows by default): runs
 * `check` and asserts no horizontal overflow in each; the viewport and theme are put back after.
 */
export async function atPhoneWidthInBothThemes(page: Page, what: string, check: (scheme: "light" | "dark") => Promise<void> = async () => {}): Promise<void> {
  const before = page.viewportSize();
  await page.setViewportSize(PHONE);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(scheme === "dark");
    await check(scheme);
    await expectNoHorizontalOverflow(page, `${what} at 375 px, ${scheme}`);
  }
  await page.emulateMedia({ colorScheme: "light" });
  if (before) await page.setViewportSize(before);
}
