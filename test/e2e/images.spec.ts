import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { firstAvailableId } from "../support/mintFromPage.ts";

// A Pix image that fails to load is retried along the spec's chain (web/src/components/imageFallbacks.ts),
// then shown as a placeholder tile. Browse page 94 is this spec's.

const imageOf = (id: number) => new RegExp(`/pixlings/pix_${id}\\.png(\\?.*)?$`);
/** The Pix's own picture on its mint page (its details card, named by its heading). */
const pixPicture = (page: Page) => page.locator("section[aria-labelledby='pix-name']").getByRole("img").first();

/** Whether the picture shows a decoded image (not a broken one, not the placeholder). */
const loaded = (page: Page) => pixPicture(page).evaluate((node) => node instanceof HTMLImageElement && node.complete && node.naturalWidth > 0);

test("an image that fails once (a 500) is retried cache-busted and shows", async ({ page }) => {
  const id = await firstAvailableId(page, 94);
  // Off Browse first: its cards' images (this Pix's among them) must not reach the route below.
  await page.goto("about:blank");
  const asked: string[] = [];
  await page.route(imageOf(id), async (route) => {
    asked.push(new URL(route.request().url()).search);
    if (asked.length === 1) return route.fulfill({ status: 500, body: "busy" });
    return route.continue();
  });
  await page.goto(`/mint/${id}`);
  await expect.poll(() => loaded(page)).toBe(true);
  expect(asked.length).toBe(2);
  expect(asked[1]).toMatch(/[?&]retry=\d+$/);
  await expect(page.getByRole("img", { name: /image unavailable/ })).toHaveCount(0);
});

test("when the image and its other paths fail, the 9x9 size is tried, and then a placeholder tile shows", async ({ page }) => {
  const id = await firstAvailableId(page, 94);
  // Off Browse first: its cards' images (this Pix's among them) must not reach the route below.
  await page.goto("about:blank");
  const asked: string[] = [];
  let nineServes = true;
  await page.route(imageOf(id), async (route) => {
    const url = new URL(route.request().url());
    asked.push(url.pathname + url.search);
    if (nineServes && url.searchParams.get("size") === "9") return route.continue();
    return route.fulfill({ status: 404, contentType: "application/json", body: JSON.stringify({ message: "no such image" }) });
  });
  await page.goto(`/mint/${id}`);
  await expect.poll(() => loaded(page)).toBe(true);
  await expect(pixPicture(page)).toHaveAttribute("src", `/pixlings/pix_${id}.png?size=9`);
  const first = asked[0]!;
  expect(asked).toEqual([
    first,
    expect.stringMatching(new RegExp(`^${first.replace(/[?.]/g, "\\$&")}[?&]retry=\\d+$`)),
    ...(first === `/pixlings/pix_${id}.png` ? [] : [`/pixlings/pix_${id}.png`]),
    `/pixlings/pix_${id}.png?size=9`,
  ]);

  // Every path failing: the placeholder, named for the Pix, after each path was tried once.
  nineServes = false;
  asked.length = 0;
  await page.reload();
  await expect(page.getByRole("img", { name: /\(image unavailable\)$/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /\(image unavailable\)$/ })).toContainText("Image unavailable");
  expect(asked.at(-1)).toBe(`/pixlings/pix_${id}.png?size=9`);
  expect(new Set(asked).size).toBe(asked.length);
});
