// PATCH /api/owner/pixlings/{id}: names and stories by the Pix's current owner, against a real
// anvil chain, a real Ponder, the real API and the local Google provider.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { isArtistId } from "@pixlings/shared/collection";
import type { Nft } from "@pixlings/shared/http/nfts";
import type { LocalGoogle } from "@pixlings/local-google/startLocalGoogle";
import { fixtureChunk } from "@pixlings/test-kit/artFixtures";
import { type cookieFetch, startTestApi, type TestApi } from "@pixlings/test-kit/api";
import {
  eventually,
  startDeployedChain,
  startTestIndexer,
  testAccount,
  transfer,
  voucherMint,
  waitCaughtUp,
  type TestChain,
  type TestIndexer,
} from "@pixlings/test-kit/indexer";
import { googleSignIn, startTestLocalGoogle } from "@pixlings/test-kit/localGoogle";
import { signIn, siweProof } from "@pixlings/test-kit/signIn";

type Jar = ReturnType<typeof cookieFetch>;
const SITE = "http://pixlings.test:5173";
const alice = testAccount("story-alice");
const bob = testAccount("story-bob");
const ARTIST_ID = [1, 2, 3, 4, 5].find(isArtistId)!;
const PIX = 40;
const OTHER = 41;

describe("Pix names and stories", () => {
  let eth: TestChain;
  let indexer: TestIndexer;
  let google: LocalGoogle;
  let api: TestApi;
  let aliceJar: Jar;
  let bobJar: Jar;

  before(async () => {
    assert.ok(!isArtistId(PIX) && !isArtistId(OTHER));
    eth = await startDeployedChain(31337, [fixtureChunk(0)]);
    indexer = await startTestIndexer([eth]);
    const local = await startTestLocalGoogle(SITE);
    google = local.google;
    api = await startTestApi({ ...local.env, INDEXER_URL: indexer.url, SIWE_DOMAIN: "pixlings.test:5173", SIWE_URI: SITE });
    await voucherMint(eth, alice, [PIX, OTHER, ARTIST_ID]);
    await waitCaughtUp(indexer, [eth]);
    aliceJar = await signIn(api, alice);
    bobJar = await signIn(api, bob);
  });
  after(async () => {
    await api?.close();
    await google?.close();
    await indexer?.stop();
    await eth?.chain.stop();
  });

  const patch = (jar: Jar, id: number, body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
    jar.fetch(`/api/owner/pixlings/${id}`, { method: "PATCH", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  async function expectStatus(res: Response, status: number, pattern?: RegExp): Promise<Record<string, unknown>> {
    const body = (await res.json()) as Record<string, unknown>;
    assert.equal(res.status, status, JSON.stringify(body));
    if (pattern) assert.match(String(body.message), pattern);
    return body;
  }
  async function eventuallyOwner(id: number, owner: string): Promise<void> {
    let last: Nft | undefined;
    await eventually(
      async () => {
        last = (await (await fetch(`${api.url}/api/nfts/token/${id}`)).json()) as Nft;
        return last.walletOwner?.toLowerCase() === owner.toLowerCase();
      },
      () => `token ${id}: ${JSON.stringify(last)}`,
      15_000,
    );
  }

  it("lets the owner name a Pix and tell its story, shown wherever the Pix is", async () => {
    await eventuallyOwner(PIX, alice.address);
    const nft = (await expectStatus(
      await patch(aliceJar, PIX, { customName: "  Sir Pix ", customDescription: "Born on anvil.\nLoves blocks." }),
      200,
    )) as unknown as Nft;
    assert.equal(nft.tokenId, PIX);
    assert.equal(nft.customName, "Sir Pix");
    assert.equal(nft.customDescription, "Born on anvil.\nLoves blocks.");
    const shown = (await (await fetch(`${api.url}/api/nfts/token/${PIX}`)).json()) as Nft;
    assert.equal(shown.customName, "Sir Pix");
    const owned = (await (await aliceJar.fetch("/api/owner/pixlings")).json()) as { walletOwned: Nft[] };
    assert.equal(owned.walletOwned.find((n) => n.tokenId === PIX)?.customName, "Sir Pix");
    // An absent field stays; null clears.
    const renamed = (await expectStatus(await patch(aliceJar, PIX, { customName: null }), 200)) as unknown as Nft;
    assert.equal(renamed.customName, null);
    assert.equal(renamed.customDescription, "Born on anvil.\nLoves blocks.");
  });

  it("stores text as text: brackets and ampersands come back as typed, tags are refused", async () => {
    const text = `I <3 "pixels" & 2 > 1 'ok'`;
    const nft = (await expectStatus(await patch(aliceJar, PIX, { customDescription: text }), 200)) as unknown as Nft;
    assert.equal(nft.customDescription, text);
    await expectStatus(await patch(aliceJar, PIX, { customName: "<img src=x onerror=alert(1)>" }), 400, /plain text, not markup/);
    await expectStatus(await patch(aliceJar, PIX, { customDescription: "<script>alert(1)</script>" }), 400, /plain text, not markup/);
  });

  it("refuses 51 and 501 characters, control characters and bad input with 400 { message }", async () => {
    await expectStatus(await patch(aliceJar, PIX, { customName: "x".repeat(51) }), 400, /customName is at most 50 characters/);
    await expectStatus(await patch(aliceJar, PIX, { customDescription: "x".repeat(501) }), 400, /customDescription is at most 500 characters/);
    await expectStatus(await patch(aliceJar, PIX, { customName: "a\u0000b" }), 400, /control characters/);
    await expectStatus(await patch(aliceJar, PIX, { customName: 7 }), 400, /customName/);
    await expectStatus(
      await aliceJar.fetch(`/api/owner/pixlings/${PIX}`, { method: "PATCH", headers: { "content-type": "application/json" }, body: "{oops" }),
      400,
    );
    await expectStatus(await patch(aliceJar, 0, {}), 400);
    // 50 and 500 are fine.
    await expectStatus(await patch(aliceJar, PIX, { customName: "x".repeat(50), customDescription: "y".repeat(500) }), 200);
  });

  it("refuses anyone but the owner (403), Artist Pix (403), and sessions that are not signed in (401)", async () => {
    await expectStatus(await patch(bobJar, PIX, { customName: "Mine now" }), 403, /Only the owner/);
    await expectStatus(await patch(aliceJar, ARTIST_ID, { customName: "Renamed" }), 403, /Artist Pix/);
    await expectStatus(await patch(aliceJar, 200, { customName: "Not minted" }), 403, /Only the owner/);
    // Naming someone else's wallet does not help.
    await expectStatus(await patch(bobJar, PIX, { customName: "x", walletAddress: alice.address }), 403, /not a wallet of this account/);
    const anonymous = await fetch(`${api.url}/api/owner/pixlings/${PIX}`, { method: "PATCH", headers: { "content-type": "application/json" }, body: "{}" });
    await expectStatus(anonymous, 401);
    await expectStatus(await patch(aliceJar, PIX, { customName: "x" }, { origin: "https://evil.test" }), 403, /Cross-site/);
  });

  it("lets a Google user edit through a linked wallet", async () => {
    const { jar } = await googleSignIn(api.url, { email: "alice@example.test" });
    await expectStatus(await patch(jar, OTHER, { customName: "Via Google" }), 403, /Only the owner/);
    const linkWith = async (account: typeof alice): Promise<Response> =>
      jar.fetch("/api/link-wallet", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ walletAddress: account.address, ...(await siweProof(jar, account, { domain: "pixlings.test:5173", uri: SITE })) }),
      });
    // alice's wallet already has its own (wallet-only) account from signing in: never merged.
    assert.equal((await linkWith(alice)).status, 409);
    // A fresh wallet linked to the Google user, then holding the Pix, works.
    const fresh = privateKeyToAccount(generatePrivateKey());
    const ok = await linkWith(fresh);
    assert.equal(ok.status, 200);
    await transfer(eth, alice, fresh.address, OTHER);
    await eventuallyOwner(OTHER, fresh.address);
    const nft = (await expectStatus(await patch(jar, OTHER, { customName: "Via Google" }), 200)) as unknown as Nft;
    assert.equal(nft.customName, "Via Google");
  });

  it("a new owner after a transfer may rewrite the story; the old one may not", async () => {
    await transfer(eth, alice, bob.address, PIX);
    await eventuallyOwner(PIX, bob.address);
    await expectStatus(await patch(aliceJar, PIX, { customName: "Still mine?" }), 403, /Only the owner/);
    const nft = (await expectStatus(await patch(bobJar, PIX, { customName: "Bob's now", customDescription: null }), 200)) as unknown as Nft;
    assert.deepEqual([nft.customName, nft.customDescription], ["Bob's now", null]);
  });
});
