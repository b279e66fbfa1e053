// Button text stays readable in every state: each kind of button of /css-test (enabled and
// disabled) at rest, under the pointer, focused, pressed, in the light and the dark theme, keeps a
// contrast of at least 4.5:1; and the accessibility check answers the same wherever the pointer
// rests and whatever starts fading while it runs.
import { contrastOf } from "../support/contrast.ts";
import { expect, expectAccessible, settleColours, test } from "../support/fixtures.ts";

/** WCAG AA for text under 18.66 px bold / 24 px (the buttons' 12-14 px). */
const AA = 4.5;

test("every button keeps its text at 4.5:1 or more in every state, in both themes", async ({ page }) => {
  await page.goto("/css-test");
  const buttons = page.getByRole("main").getByRole("button");
  await expect(buttons).toHaveCount(9);
  const low: string[] = [];
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    // Transitions off: each state is measured as it ends, not mid-fade.
    const restore = await settleColours(page);
    for (let i = 0; i < 9; i++) {
      const button = buttons.nth(i);
      const name = `${scheme} "${await button.innerText()}"`;
      const disabled = await button.isDisabled();
      const judge = async (state: string): Promise<void> => {
        const ratio = await contrastOf(button);
        if (ratio < AA) low.push(`${name} ${state}: ${ratio.toFixed(2)}:1`);
      };
      await page.mouse.move(0, 0);
      await judge("at rest");
      await button.hover({ force: true });
      await judge("under the pointer");
      if (!disabled) {
        await page.mouse.down();
        await judge("pressed");
        await page.mouse.up();
        await page.mouse.move(0, 0);
        await button.focus();
        await judge("focused");
        await button.blur();
      }
    }
    await restore();
  }
  expect(low).toEqual([]);
});

test("the accessibility check answers the same wherever the pointer rests, and whatever starts fading as it runs", async ({ page }) => {
  await page.goto("/css-test");
  // Every colour change fades, and any fade shows its half-way colours at once and for seconds:
  // a check that reads colours mid-fade sees them (between the themes, about 1.7:1).
  await page.addStyleTag({ content: "*, *::before, *::after { transition: all 10s linear -5s !important; }" });
  for (const dark of [true, false]) {
    // The pointer on a violet button, and the theme flips the moment axe-core is put in the page
    // (as a theme listener or a hover under a resting pointer may, while the check runs).
    await page.getByRole("button", { name: "Pay 0.0100 ETH" }).hover();
    await page.evaluate((toDark) => {
      Object.defineProperty(window, "axe", {
        configurable: true,
        get: () => undefined,
        set: (axe: unknown) => {
          Object.defineProperty(window, "axe", { value: axe, writable: true, configurable: true });
          document.documentElement.classList.toggle("dark", toDark);
        },
      });
    }, dark);
    await expectAccessible(page);
    await expect(page.locator("html")).toHaveClass(dark ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  }
});
