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
