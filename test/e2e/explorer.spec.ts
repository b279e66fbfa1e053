// The trait explorer on /browse (issue 23): three traits filtered with the counts the API gives,
// the view's URL opened in a fresh browser showing the same Pix, back and forward, the keyboard
// alone (filters, the palette picker, the sort), axe in light and dark, and 375 px with the
// filters behind a disclosure.
import type { Page } from "@playwright/test";
import { expect, expectAccessible, screenshots, test } from "../support/fixtures.ts";
import { atPhoneWidthInBothThemes } from "../support/layout.ts";

/** What the spec reads of `GET /api/nfts` and `/api/nfts/facets` (shared/src/http/nfts.ts has the whole types). */
interface AvailablePage {
  nfts: { tokenId: number }[];
}
type Counts = { value: string | number; count: number }[];
interface NftFacets {
  total: number;
  tier: Counts;
  artist: Counts;
  colorCount: Counts;
  symmetry: Counts;
  color: Counts;
  status: Counts;
}

const status = (page: Page) => page.getByRole("status").filter({ hasText: /Pix|available/ });
const filters = (page: Page) => page.getByRole("region", { name: "Filters" });
const tokenIds = async (page: Page): Promise<number[]> => (await page.getByRole("article").allInnerTexts()).map((text) => Number(/#(\d+)/.exec(text)?.[1]));

/** What the API answers for the query of the page's URL: the first page's ids and the facets. */
async function apiView(page: Page): Promise<{ ids: number[]; facets: NftFacets }> {
  const search = new URL(page.url()).search;
  const [list, facets] = await Promise.all([
    page.request.get(`/api/nfts${search}`).then((res) => res.json() as Promise<AvailablePage>),
    page.request.get(`/api/nfts/facets${search}`).then((res) => res.json() as Promise<NftFacets>),
  ]);
  return { ids: list.nfts.map((nft) => nft.tokenId), facets };
}

/** The grid and the counts show what the API says for the URL's query. */
async function expectShowsApiView(page: Page): Promise<NftFacets> {
  let view: { ids: number[]; facets: NftFacets } | undefined;
  await expect
    .poll(async () => {
      view = await apiView(page);
      return JSON.stringify(await tokenIds(page)) === JSON.stringify(view.ids);
    })
    .toBe(true);
  const { facets } = view!;
  await expect(status(page)).toHaveText(new RegExp(`^${facets.total.toLocaleString("en-US")} `));
  for (const { value, count } of facets.tier) {
    await expect(filters(page).getByRole("checkbox", { name: new RegExp(`^${value}, ${count.toLocaleString("en-US")} Pix$`) })).toBeVisible();
  }
  // Every other group's live counts, in the API's order (both local chains are on sale: every status shows).
  for (const [legend, counts] of [
    ["Status", facets.status],
    ["Artist", facets.artist],
    ["Number of colours", facets.colorCount],
    ["Symmetry", facets.symmetry],
    ["Contains colour", facets.color],
  ] as const) {
    await expect.poll(() => shownCounts(page, legend), { message: legend }).toEqual(counts.map((c) => c.count));
  }
  return facets;
}

/** The counts a filter group shows, in its order ("…, 1,234 Pix" of each option that has one). */
async function shownCounts(page: Page, legend: string): Promise<number[]> {
  const names = await filters(page)
    .getByRole("group", { name: legend, exact: true })
    .getByRole("checkbox")
    .evaluateAll((boxes) => boxes.map((box) => box.getAttribute("aria-label") ?? ""));
  return names.flatMap((name) => {
    const count = /, ([\d,]+) Pix$/.exec(name)?.[1];
    return count === undefined ? [] : [Number(count.replaceAll(",", ""))];
  });
}

/** Presses Tab until the focused element's name matches `name`, and checks its focus is visible. */
async function tabTo(page: Page, name: RegExp): Promise<void> {
  for (let i = 0; i < 250; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      if (!el) return { label: "", visible: false };
      const label = el.getAttribute("aria-label") ?? el.labels?.[0]?.textContent ?? el.textContent ?? "";
      // A swatch's checkbox is hidden; its square shows the focus.
      const shown = el.classList.contains("sr-only") ? (el.nextElementSibling as HTMLElement) : el;
      const style = getComputedStyle(shown);
      return { label: label.trim(), visible: el.matches(":focus-visible") && style.outlineStyle !== "none" && style.outlineWidth !== "0px" };
    });
    if (name.test(focused.label)) {
      expect(focused.visible, `focus visible on ${focused.label}`).toBe(true);
      return;
    }
  }
  throw new Error(`Tab never reached ${name}`);
}

test("three traits filtered, with the API's counts; the URL opens the same view in a fresh browser; back and forward", async ({ page, browser, baseURL }) => {
  await page.goto("/browse");
  await expect(page.getByRole("article")).toHaveCount(100);
  const start = await expectShowsApiView(page);
  expect(start.tier.map((t) => t.value)).toEqual(["Common", "Rare", "Artist"]);

  await filters(page)
    .getByRole("checkbox", { name: /^Rare,/ })
    .check();
  await expect(page).toHaveURL(/tier=rare/);
  const rare = await expectShowsApiView(page);
  // The symmetry and the number of colours that leave the most Rare Pix: a real narrowing, never empty.
  const symmetry = [...rare.symmetry].sort((a, b) => b.count - a.count)[0]!;
  await filters(page)
    .getByRole("group", { name: "Symmetry" })
    .getByRole("checkbox", { name: new RegExp(`^${symmetry.value}, `, "i") })
    .check();
  const twoFilters = await expectShowsApiView(page);
  const colours = [...twoFilters.colorCount].sort((a, b) => b.count - a.count)[0]!;
  await filters(page)
    .getByRole("checkbox", { name: new RegExp(`^${colours.value} colours, `) })
    .check();
  await expect(page).toHaveURL(new RegExp(`colorCount=${colours.value}&symmetry=${symmetry.value}`));
  const three = await expectShowsApiView(page);
  expect(three.total).toBe(colours.count);
  expect(three.total).toBeGreaterThan(0);
  await expect(page.getByRole("article").filter({ hasNotText: "Rare" })).toHaveCount(0);
  const shown = await tokenIds(page);
  await expect(status(page)).toHaveAttribute("aria-live", "polite");

  // The link, shared: a fresh browser shows the same Pix and counts.
  const shared = page.url();
  const other = await browser.newPage({ baseURL });
  await other.goto(shared);
  // The first screen's cards render first and the rest just after (BrowseGrid): the whole page, then its ids.
  await expect(other.getByRole("article")).toHaveCount(shown.length);
  expect(await tokenIds(other)).toEqual(shown);
  await expect(status(other)).toHaveText(await status(page).innerText());
  await expect(filters(other).getByRole("checkbox", { name: /^Rare,/ })).toBeChecked();
  await other.close();

  // Back and forward step through the views.
  await page.goBack();
  await expect(page).not.toHaveURL(/colorCount=/);
  await expect(status(page)).toHaveText(new RegExp(`^${twoFilters.total.toLocaleString("en-US")} `));
  await page.goForward();
  await expect(page).toHaveURL(shared);
  await expect(status(page)).toHaveText(new RegExp(`^${three.total.toLocaleString("en-US")} `));

  // "Clear filters" gives Browse's default back.
  await filters(page).getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/browse$/);
  await expect(status(page)).toHaveText(new RegExp(`^${start.total.toLocaleString("en-US")} available$`));
});

test("the explorer works from the keyboard alone: a filter, a colour of the palette and the sort", async ({ page }) => {
  await page.goto("/browse");
  await expect(page.getByRole("article")).toHaveCount(100);
  await tabTo(page, /^Sort by$/);
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/sort=price/);
  await tabTo(page, /^Rare,/);
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/tier=rare/);
  const facets = await expectShowsApiView(page);
  // The commonest colour among them, picked from the palette.
  const colour = [...facets.color].sort((a, b) => b.count - a.count)[0]!;
  await tabTo(page, new RegExp(`#${colour.value}, `));
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(new RegExp(`color=${colour.value}`));
  const picked = await expectShowsApiView(page);
  expect(picked.total).toBe(colour.count);
  await expect(filters(page).getByRole("checkbox", { name: new RegExp(`#${colour.value}, `) })).toBeChecked();
});

test("axe-clean in light and dark; at 375 px the filters open from a disclosure, with nothing wider than the phone", async ({ page }) => {
  // Six axe runs and two phone layouts: a minute on an idle machine.
  test.setTimeout(180_000);
  await page.goto("/browse?tier=rare&status=any");
  await expect(page.getByRole("article").first()).toBeVisible();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(scheme === "dark");
    await expectAccessible(page);
  }
  await page.emulateMedia({ colorScheme: "light" });
  await screenshots(page, "explorer");

  await atPhoneWidthInBothThemes(page, "the explorer", async () => {
    const toggle = page.getByRole("button", { name: "Filters", exact: true });
    await expect(filters(page)).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(filters(page).getByRole("checkbox", { name: /^Rare,/ })).toBeChecked();
    await expectAccessible(page);
    await toggle.click();
    await expect(filters(page)).toBeHidden();
  });
});
