import assert from "node:assert/strict";
import { test } from "node:test";
import { createElement, Suspense } from "react";
import { renderToString } from "react-dom/server";
import { lazyPage } from "./lazyPage.ts";

const Page = () => createElement("main", null, "the page");
const FALLBACK = "loading";

/** Renders the route's element as the app does (under a Suspense boundary), in one synchronous pass. */
const render = (element: ReturnType<typeof lazyPage>["element"]): string => renderToString(createElement(Suspense, { fallback: FALLBACK }, element));

function counted() {
  const calls = { load: 0, prefetch: [] as string[] };
  const page = lazyPage(
    async () => {
      calls.load += 1;
      return { default: Page };
    },
    (url) => calls.prefetch.push(url.pathname + url.search),
  );
  return { page, calls };
}

test("a preloaded page renders in the first pass, without suspending to its fallback", async () => {
  const { page } = counted();
  await page.preload(new URL("http://shop.test/browse"));
  const html = render(page.element);
  assert.match(html, /<main>the page<\/main>/);
  assert.doesNotMatch(html, new RegExp(FALLBACK));
});

test("a page not preloaded (a later navigation) suspends and shows the fallback while its chunk loads", () => {
  const { page, calls } = counted();
  const html = render(page.element);
  assert.match(html, new RegExp(FALLBACK));
  assert.doesNotMatch(html, /the page/);
  assert.equal(calls.load, 1);
});

test("the chunk is loaded once however often the page is preloaded or rendered; its request starts with each address", async () => {
  const { page, calls } = counted();
  render(page.element);
  await Promise.all([page.preload(new URL("http://shop.test/browse?page=2")), page.preload()]);
  await page.preload(new URL("http://shop.test/browse?sold=include"));
  assert.equal(calls.load, 1);
  assert.deepEqual(calls.prefetch, ["/browse?page=2", "/browse?sold=include"]);
  assert.match(render(page.element), /<main>the page<\/main>/);
});

test("a chunk that fails to load rejects the preload (the route shows the failure when it renders)", async () => {
  const page = lazyPage(async () => {
    throw new Error("chunk gone");
  });
  await assert.rejects(page.preload(), /chunk gone/);
});
