// Artists for collectors (issue 20 item 11): "View all N pieces" shows that artist's pieces only,
// and an Artist piece shows its artist's own words (the spec's default text only when it has none).
import type { Browser, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "../support/fixtures.ts";
import { atPhoneWidthInBothThemes } from "../support/layout.ts";

interface Piece {
  tokenId: number;
  artistId: number | null;
  artistName: string | null;
  isMinted: boolean;
  reservedUntil: string | null;
  imageUrl: string;
  description: string;
}

const DEFAULT_TEXT = "A one-of-a-kind piece made by an artist for the Pixlings collection.";

/** A browser of its own, signed in with the local Google stand-in's ready account `email`. */
async function signedIn(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto("/api/auth/google?returnTo=%2F");
  await page.getByRole("button", { name: new RegExp(email.replace(/[.@]/g, "\\$&")) }).click();
  await page.waitForURL((url) => url.origin === new URL(baseURL).origin && url.pathname === "/");
  return page;
}

/** A same-origin JSON request from the signed-in page, as the app makes it. */
async function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        credentials: "include",
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? null : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    },
    { method, path, body },
  ) as Promise<{ status: number; json: T }>;
}

test("'View all N pieces' by an artist shows that artist's pieces, sold ones included", async ({ page, request }) => {
  const pieces = (await (await request.get("/api/nfts/artist")).json()) as Piece[];
  const counts = new Map<number, Piece[]>();
  for (const piece of pieces) if (piece.artistId !== null) counts.set(piece.artistId, [...(counts.get(piece.artistId) ?? []), piece]);
  const [artistId, own] = [...counts].sort((a, b) => b[1].length - a[1].length)[0]!;
  expect(own.length).toBeGreaterThan(7);
  const all = (await (await request.get(`/api/nfts/by-artist/${artistId}`)).json()) as Piece[];

  const unminted = own.find((piece) => !piece.isMinted)!;
  await page.goto(`/mint/${unminted.tokenId}`);
  await page.getByRole("link", { name: `View all ${all.length} pieces` }).click();
  await expect(page).toHaveURL(new RegExp(`/browse\\?artist=${artistId}&sold=include$`));
  await expect(page.getByRole("heading", { level: 1, name: `Pieces by ${unminted.artistName}` })).toBeVisible();
  await expect(page).toHaveTitle(`Pieces by ${unminted.artistName} · Pixlings`);
  await expect(page.getByText(`${all.length} Pix, sold ones included`)).toBeVisible();
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(all.length);
  const shown = (await cards.allInnerTexts()).map((text) => Number(/Token #(\d+)/.exec(text)?.[1]));
  expect(shown.sort((a, b) => a - b)).toEqual(all.map((piece) => piece.tokenId).sort((a, b) => a - b));
  await atPhoneWidthInBothThemes(page, "one artist's pieces", () => expectAccessible(page));

  await page.getByRole("button", { name: "All artists" }).click();
  await expect(page).not.toHaveURL(/artist=/);
});

test("an Artist piece shows its artist's own words once their submission replaced it; the default text before", async ({ browser, baseURL, request }) => {
  test.setTimeout(180_000);
  // An unminted Artist piece with its generated art (late drops: other specs use early ids).
  const pieces = (await (await request.get("/api/nfts/artist")).json()) as Piece[];
  const target = pieces.find((piece) => piece.tokenId >= 8889 && !piece.isMinted && !piece.reservedUntil && piece.imageUrl.endsWith("?v=1"));
  expect(target).toBeDefined();
  const id = target!.tokenId;

  const visitor = await browser.newPage({ baseURL });
  await visitor.goto(`/mint/${id}`);
  await expect(visitor.getByTestId("pix-description")).toHaveText(DEFAULT_TEXT);

  const words = `In my own words: a lantern at dusk (${Date.now().toString(36)}).`;
  const pixels = Array.from({ length: 81 }, (_, i) => (i * 7 + Date.now()) % 3);
  const artist = await signedIn(browser, baseURL!, "artist@pixlings.test");
  const submitted = await call<{ id: number; artVersion: number }>(artist, "POST", "/api/artists/submit", {
    name: "E2E Lantern",
    description: words,
    art: { palette: ["#101820", "#f2aa4c", "#e94b3c"], pixels },
  });
  expect(submitted.status).toBe(201);
  const admin = await signedIn(browser, baseURL!, "admin@pixlings.test");
  const approved = await call(admin, "PATCH", `/api/admin/submissions/${submitted.json.id}/approve`, {
    targetTokenId: id,
    artVersion: submitted.json.artVersion,
  });
  expect(approved.status).toBe(202);
  await expect
    .poll(async () => (await call<{ status: string }>(admin, "GET", `/api/admin/submissions/${submitted.json.id}`)).json.status, { timeout: 120_000 })
    .toBe("approved");

  await visitor.goto(`/mint/${id}`);
  await expect(visitor.getByRole("heading", { level: 1, name: "E2E Lantern" })).toBeVisible();
  await expect(visitor.getByTestId("pix-description")).toHaveText(words);
  await expect(visitor.getByText(/^Created by /)).toBeVisible();
  await Promise.all([visitor.context().close(), artist.context().close(), admin.context().close()]);
});
