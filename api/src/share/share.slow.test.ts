// Share cards against a real anvil chain (fixture art for ids 1..249), a real Ponder and the real
// API serving a built app: a Pix page's HTML carries its link preview, whose image is the card.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import type { Nft } from "@pixlings/shared/http/nfts";
import { startTestApi, type TestApi } from "@pixlings/test-kit/api";
import { startIndexedChain, type IndexedChain } from "@pixlings/test-kit/indexedChain";
import { eventually, replaceArt, testAccount, voucherMint } from "@pixlings/test-kit/indexer";
import { decodeIndexedPng } from "@pixlings/test-kit/png";
import { saveStory } from "../owners/saveStory.ts";

const ORIGIN = "https://pixlings.example";
const INDEX = '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Pixlings</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';

let world: IndexedChain;
let api: TestApi;
let dist: string;

/** The page's meta tags by property or name (entities undone), its title, and its status. */
async function page(pathname: string): Promise<{ status: number; meta: Map<string, string>; title: string | undefined; html: string }> {
  const res = await fetch(`${api.url}${pathname}`);
  const html = await res.text();
  const undoEntities = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  const meta = new Map([...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)].map((m) => [m[1]!, undoEntities(m[2]!)]));
  return { status: res.status, meta, title: /<title>([^<]*)<\/title>/.exec(html)?.[1], html };
}

/**
 * The card at an og:image URL, fetched from the test API (the URL names the configured site).
 * fetch sends `Cache-Control: no-cache` (never fresh) with a conditional request unless told.
 */
const card = (imageUrl: string, ifNoneMatch?: string) =>
  fetch(`${api.url}${new URL(imageUrl).pathname}${new URL(imageUrl).search}`, {
    headers: ifNoneMatch ? { "if-none-match": ifNoneMatch, "cache-control": "max-age=0" } : {},
  });

describe("share cards", () => {
  before(async () => {
    world = await startIndexedChain();
    dist = await mkdtemp(path.join(tmpdir(), "pixlings-share-dist-"));
    await writeFile(path.join(dist, "index.html"), INDEX);
    api = await startTestApi({ INDEXER_URL: world.indexer.url, WEB_DIST_DIR: dist, SIWE_URI: ORIGIN });
  });
  after(async () => {
    await api?.close();
    await world?.stop();
    await rm(dist, { recursive: true, force: true });
  });

  it("the HTML of /mint/42 carries its Open Graph and Twitter tags, and og:image decodes to 1200x630", async () => {
    const nft = (await (await fetch(`${api.url}/api/nfts/token/42`)).json()) as Nft;
    const { status, meta, title, html } = await page("/mint/42");
    assert.equal(status, 200);
    assert.equal(title, `${nft.name} · Pixlings`);
    assert.match(html, /<div id="root"><\/div>/, "still the app");
    assert.equal(meta.get("og:title"), nft.name);
    assert.equal(meta.get("og:description"), `${nft.rarity} Pix #42. Available.`);
    assert.equal(meta.get("og:url"), `${ORIGIN}/mint/42`);
    assert.equal(meta.get("og:image"), `${ORIGIN}/og/pix/42.png?v=1`);
    assert.equal(meta.get("twitter:card"), "summary_large_image");

    const res = await card(meta.get("og:image")!);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "image/png");
    assert.equal(res.headers.get("cross-origin-resource-policy"), "cross-origin");
    const png = decodeIndexedPng(Buffer.from(await res.arrayBuffer()));
    assert.deepEqual([png.width, png.height], [1200, 630]);
    const etag = res.headers.get("etag")!;
    assert.match(etag, /^"og-42-v1-/);
    assert.equal((await card(meta.get("og:image")!, etag)).status, 304);
    // /nft/{id} is the same page.
    assert.equal((await page("/nft/42")).meta.get("og:image"), `${ORIGIN}/og/pix/42.png?v=1`);
  });

  it("no tags for any other page, a malformed or unknown id, with the status the routes table gives", async () => {
    for (const [pathname, status] of [
      ["/mint/abc", 200],
      ["/mint/0", 200],
      ["/mint/042", 200],
      ["/mint/10000", 200],
      ["/mint/99999999999999999999", 200],
      ["/browse", 200],
      ["/", 200],
      ["/mint/42/extra", 404],
      ["/nowhere", 404],
    ] as const) {
      const answer = await page(pathname);
      assert.equal(answer.status, status, pathname);
      assert.equal(answer.html, INDEX, pathname);
    }
    for (const [pathname, status] of [
      ["/og/pix/abc.png", 400],
      ["/og/pix/42.jpg", 400],
      ["/og/pix/0.png", 404],
      ["/og/pix/10000.png", 404],
      // No chain has art for 250 (the fixture's art is 1..249).
      ["/og/pix/250.png", 404],
    ] as const) {
      assert.equal((await fetch(`${api.url}${pathname}`)).status, status, pathname);
    }
  });

  it("says who owns a minted Pix, escapes a custom name, and a replaced art changes the card's ETag", async () => {
    const alice = testAccount("share-alice");
    await voucherMint(world.eth, alice, [43]);
    await eventually(
      async () =>
        (await page("/mint/43")).meta
          .get("og:description")
          ?.includes(`Owned by ${alice.address.slice(0, 6)}...${alice.address.slice(-4)} on Local Ethereum`) === true,
      async () => `description of 43: ${(await page("/mint/43")).meta.get("og:description")}`,
      15_000,
    );

    const name = `Tom & "Jerry's" <3`;
    await saveStory(api.database.db, 44, { customName: name });
    await eventually(
      async () => (await page("/mint/44")).meta.get("og:title") === name,
      async () => `title of 44: ${(await page("/mint/44")).meta.get("og:title")}`,
      15_000,
    );
    assert.doesNotMatch((await page("/mint/44")).html, /"Jerry's"|<3/);

    const before = await card(`${ORIGIN}/og/pix/44.png`);
    const etag = before.headers.get("etag")!;
    await replaceArt(world.eth, 44, { palette: [0x101820, 0xf2aa4c], pixels: Uint8Array.from({ length: 81 }, (_, i) => i % 2) });
    await eventually(
      async () => (await page("/mint/44")).meta.get("og:image") === `${ORIGIN}/og/pix/44.png?v=2`,
      async () => `image of 44: ${(await page("/mint/44")).meta.get("og:image")}`,
      15_000,
    );
    const after = await card(`${ORIGIN}/og/pix/44.png?v=2`, etag);
    assert.equal(after.status, 200, "the old ETag no longer matches");
    assert.match(after.headers.get("etag")!, /^"og-44-v2-/);
    assert.notEqual(after.headers.get("etag"), etag);
    const png = decodeIndexedPng(Buffer.from(await after.arrayBuffer()));
    assert.ok(png.palette.includes(0xf2aa4c), "the new art is drawn");
  });
});
