import { expect, test } from "../support/fixtures.ts";

// What /browse's first paint waits for starts before the app needs it (docs/web.md, The first
// paint): its page's chunks named by its index.html, the first screen's images asked for when the
// listing arrives. Each is fetched once: the app's own import or <img> takes the preloaded one.

interface Fetched {
  path: string;
  initiator: string;
}

test("/browse's page chunks and first-screen images are preloaded, each fetched once, and the page is whole", async ({ page }) => {
  await page.goto("/browse");
  await expect(page.getByRole("article")).toHaveCount(100);
  const firstImages = page.getByRole("article").getByRole("img");
  // Resource timing lists a fetch once it has ended.
  await expect.poll(() => firstImages.evaluateAll((imgs) => imgs.slice(0, 12).every((img) => (img as HTMLImageElement).complete))).toBe(true);
  const fetched = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => ({ path: new URL(entry.name).pathname, initiator: (entry as PerformanceResourceTiming).initiatorType })),
  );
  const once = (path: string): Fetched => {
    const found = fetched.filter((entry: Fetched) => entry.path === path);
    expect(found, path).toHaveLength(1);
    return found[0]!;
  };

  // The page's index.html as served (the app adds modulepreloads of its own as it imports).
  const html = await (await page.request.get("/browse")).text();
  const hinted = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]!);
  expect(
    hinted.some((path) => /^\/assets\/BrowsePage-[\w-]+\.js$/.test(path)),
    "the browse page's chunk is named in its index.html",
  ).toBe(true);
  for (const path of hinted) expect(once(path).initiator, path).not.toBe("script");

  const imagePaths = await firstImages.evaluateAll((imgs) => imgs.slice(0, 12).map((img) => new URL((img as HTMLImageElement).src).pathname));
  expect(imagePaths).toHaveLength(12);
  for (const path of imagePaths) expect(once(path).initiator, path).toBe("link");
});

// The live feed comes after the first paint (its code, then its stream, then its history): the page
// draws it at its full size from the start, so a section below it, and a control focused there,
// stays where the visitor saw it (a keyboard user's focused link once slid off the screen).
test("the home page holds still while its live feed comes: what is below the feed does not move", async ({ page }) => {
  const chains = (await (await page.request.get("/api/chains")).json()) as unknown[];
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 740 },
  ]) {
    await page.setViewportSize(viewport);
    const feedCode = gate();
    const history = gate();
    await page.route(/\/assets\/LiveActivity-[\w-]+\.js$/, async (route) => {
      await feedCode.opened;
      await route.continue();
    });
    await page.route(/\/api\/activity\?/, async (route) => {
      await history.opened;
      await route.continue();
    });
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Artist Pieces" }).getByRole("article").first()).toBeVisible();
    const activity = page.getByRole("region", { name: "Live Activity" });
    await expect(activity.getByText(/^Minted on /)).toHaveCount(chains.length);
    const below = page.getByRole("link", { name: "View all artist pieces" });
    const top = async (): Promise<number> => (await below.boundingBox())!.y;
    const first = await top();

    feedCode.open();
    await expect(activity.getByText("Live", { exact: true })).toBeVisible();
    expect(await top(), `${viewport.width} px: once the feed's stream is live`).toBe(first);
    // Live, the history still on its way: the feed says it is loading (or shows what came live), never that nothing happened.
    await expect(activity.getByText("Loading the latest activity...").or(activity.getByRole("list", { name: "Latest activity" }))).toBeVisible();
    expect(await activity.getByText("Nothing has happened yet.").count()).toBe(0);
    history.open();
    await expect(activity.getByRole("list", { name: "Latest activity" }).getByRole("listitem").first()).toBeVisible();
    expect(await top(), `${viewport.width} px: once the feed's history is in`).toBe(first);
    await page.unrouteAll();
  }
});

/** A request held until `open()`. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
