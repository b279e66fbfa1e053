import type { Page } from "@playwright/test";
import { screenshots } from "./fixtures.ts";

/** Uncaught page errors and console errors other than the browser's line for a non-2xx answer (401 signed out, 403 no role). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text());
  });
  return errors;
}

/** Switches the system theme and lets the colour transitions end (a screenshot or axe mid-fade sees neither theme). */
async function theme(page: Page, colorScheme: "light" | "dark"): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
}

/** Screenshots in light and dark, each once its colours settled; light again after. */
export async function bothThemes(page: Page, name: string): Promise<void> {
  await theme(page, "light");
  await screenshots(page, `${name}-light`);
  await theme(page, "dark");
  await screenshots(page, `${name}-dark`);
  await theme(page, "light");
}
