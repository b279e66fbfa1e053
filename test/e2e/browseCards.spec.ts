// Browse cards from XS to XL, on a phone and a desktop, light and dark (issue 20 item 10): "Add to
// cart" on one line, names readable, the tier badge inside its card; a Pix in the cart says so.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, screenshots, test } from "../support/fixtures.ts";
import { atPhoneWidthInBothThemes } from "../support/layout.ts";

const SIZES = ["XS", "S", "M", "L", "XL"] as const;

/** The first cards of the page: every part inside its card, the cart button one line, the name unclipped sideways and legible. */
async function expectCardsHold(page: Page, what: string): Promise<void> {
  await expect(page.getByRole("article").first()).toBeVisible();
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    const inside = (inner: DOMRect, outer: DOMRect) =>
      inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5 && inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5;
    for (const card of [...document.querySelectorAll("article")].slice(0, 12)) {
      const box = card.getBoundingClientRect();
      const name = card.querySelector("h3")!;
      const badge = card.querySelector("[data-tier]")!;
      const button = card.querySelector("button")!;
      const label = card.querySelector("h3")?.textContent ?? "?";
      if (!inside(name.getBoundingClientRect(), box)) out.push(`${label}: name outside its card`);
      if (name.scrollWidth > name.clientWidth + 1) out.push(`${label}: name cut off sideways`);
      if (name.getBoundingClientRect().width < 60) out.push(`${label}: name only ${name.getBoundingClientRect().width} px wide`);
      if (Number.parseFloat(getComputedStyle(name).fontSize) < 12) out.push(`${label}: name smaller than 12 px`);
      if (!inside(badge.getBoundingClientRect(), box)) out.push(`${label}: tier badge outside its card`);
      if (badge.scrollWidth > badge.clientWidth + 1) out.push(`${label}: tier badge cut off`);
      if (!inside(button.getBoundingClientRect(), box)) out.push(`${label}: cart button outside its card`);
      if (button.getBoundingClientRect().height > 44 || button.scrollHeight > button.clientHeight + 1) out.push(`${label}: cart button wraps`);
      const token = [...card.querySelectorAll("p")].find((p) => p.textContent?.startsWith("Token #"));
      if (!token || token.scrollWidth > token.clientWidth + 1) out.push(`${label}: token number cut off`);
    }
    return out;
  });
  expect(problems, what).toEqual([]);
}

test("browse cards hold at every size, on a phone and a desktop, in light and dark", async ({ page }) => {
  test.setTimeout(120_000);
  for (const size of SIZES) {
    await page.goto(`/browse?page=77&size=${size}`);
    await expect(page.locator("[data-grid-size]")).toHaveAttribute("data-grid-size", size);
    await expectCardsHold(page, `${size} at 1280 px`);
    await atPhoneWidthInBothThemes(page, `browse at ${size}`, (scheme) => expectCardsHold(page, `${size} at 375 px, ${scheme}`));
  }
  await page.goto("/browse?page=77&size=XS");
  await screenshots(page, "browse-xs");
});

test("a card already in the cart says so, and takes the Pix out when pressed", async ({ page }) => {
  await page.goto("/browse?page=78&size=XS");
  const card = page.getByRole("article").first();
  const name = await card.getByRole("heading").innerText();
  await card.getByRole("button", { name: "Add to cart" }).click();
  const inCart = card.getByRole("button", { name: "In cart (remove)" });
  await expect(inCart).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(inCart).toBeVisible();
  await expectAccessible(page);

  // Still in the cart after a reload, and on the Pix's own page.
  await page.reload();
  await expect(page.getByRole("article").first().getByRole("button", { name: "In cart (remove)" })).toBeVisible();
  await page.getByRole("article").first().getByRole("link", { name }).last().click();
  await expect(page.getByRole("region", { name: "Mint This Pix" }).getByRole("button", { name: "In cart (remove)" })).toBeVisible();
  await page.goBack();

  await page.getByRole("article").first().getByRole("button", { name: "In cart (remove)" }).click();
  await expect(page.getByRole("article").first().getByRole("button", { name: "Add to cart" })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("0");
});
