// Approve & Replace against two real anvil chains, a real Ponder and the real API (one stack for
// the file): the new art on both chains, in the indexer, the PNG and tokenURI; refused on a minted
// or reserved Pix with nothing written; one chain's RPC down (a TCP gate in front of it: the
// indexer still sees the chain) leaves a visible partial state that a retry completes; a worker
// that crashed after storing or after sending never sends a second transaction.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { and, eq, isNull, sql } from "drizzle-orm";
import { hexToBytes, type Hex } from "viem";
import { decodePiece, type Art } from "@pixlings/shared/art/codec";
import { colourHex } from "@pixlings/shared/art/pixelArt";
import { svgToPixels } from "@pixlings/shared/art/svg";
import { decodeTokenUri, svgOfImage } from "@pixlings/shared/art/tokenUri";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import type { DisplacedList } from "@pixlings/shared/http/admin";
import type { Nft } from "@pixlings/shared/http/nfts";
import type { ConversationMessage, PixelArt, Submission } from "@pixlings/shared/http/submissions";
import { startArtistWorld, TEST_ARTISTS, type ArtistWorld } from "@pixlings/test-kit/artistActors";
import { testAccount, voucherMint, type TestChain } from "@pixlings/test-kit/indexer";
import { decodeIndexedPng } from "@pixlings/test-kit/png";
import { fund, startSaleStack, type SaleStack } from "@pixlings/test-kit/saleStack";
import { signIn } from "@pixlings/test-kit/signIn";
import { startTcpGate, type TcpGate } from "@pixlings/test-kit/tcpGate";
import { readCatalogueFile } from "../catalogue/readCatalogueFile.ts";
import { seedCatalogue } from "../catalogue/seedCatalogue.ts";
import { artReplacements, catalogue, replacementJobs, reservations, submissions } from "../db/schema.ts";
import { openIndexerReader } from "../indexer/openIndexerReader.ts";
import { createLogger } from "../logging/createLogger.ts";
import { signAndStore } from "./advanceJob.ts";
import { createArtAdmin, type ArtAdmin } from "./artAdminClients.ts";
import { startReplacementWorker, type ReplacementWorker } from "./replacementWorker.ts";

type Jar = ArtistWorld["jars"]["admin"];

const cells = (f: (cell: number) => number): number[] => Array.from({ length: 81 }, (_, cell) => f(cell));
/** A piece of its own per test: `seed` changes colours and pattern. */
const pieceOf = (seed: number): PixelArt => ({
  palette: [colourHex(0x102030 + seed), colourHex(0xf0c040 - seed), colourHex(0x30a0f0 + seed * 256)],
  pixels: cells((cell) => (cell * (seed + 2) + (cell >> 2)) % 3),
});
/** The RGB of every cell, row-major: what any rendering of the piece must show. */
const rgbOf = (art: { palette: readonly (number | string)[]; pixels: ArrayLike<number> }): number[] =>
  Array.from(art.pixels, (p) => {
    const colour = art.palette[p]!;
    return typeof colour === "string" ? Number.parseInt(colour.slice(1), 16) : colour;
  });

const json = (jar: Jar, method: string, path: string, body?: unknown): Promise<Response> =>
  jar.fetch(path, { method, ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }) });

async function chainArt(c: TestChain, tokenId: number): Promise<Art> {
  const blob = await c.clients.publicClient.readContract({ address: c.address, abi: pixlingsAbi, functionName: "artOf", args: [BigInt(tokenId)] });
  return decodePiece(hexToBytes(blob));
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

describe("Approve & Replace", () => {
  let stack: SaleStack;
  let gate: TcpGate;
  let world: ArtistWorld;
  let artAdmin: ArtAdmin;
  let worker: ReplacementWorker | undefined;
  let reader: ReturnType<typeof openIndexerReader>;

  /** The work another process would do (this API runs with ART_REPLACE_WORKER=off): the real worker, in this process. */
  const startWorker = (): void => {
    worker = startReplacementWorker({
      db: world.api.database.db,
      artAdmin,
      indexer: reader.reader,
      chains: world.api.config.sale.chains,
      logger: createLogger(world.api.config),
      onFinished: () => undefined,
    });
  };

  before(async () => {
    stack = await startSaleStack({ pollingMs: 200 });
    gate = await startTcpGate(stack.pol.chain.url);
    // The API reaches Local Polygon through the gate; Ponder reaches it directly.
    const chainsEnv = JSON.stringify(
      stack.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c === stack.pol ? gate.url : c.chain.url, address: c.address, startBlock: c.deployBlock })),
    );
    world = await startArtistWorld((env) =>
      stack.startApi({ ...env, PIXLINGS_INDEXER_CHAINS: chainsEnv, ART_REPLACE_WORKER: "off" }, { seedCatalogue: true, checkSignerRole: true }),
    );
    // Quick tries: a chain down for good shows failed after 3 (the default waits about 6 min).
    artAdmin = createArtAdmin(DEV_KEYS.artAdmin, world.api.config.sale.chains, { maxAttempts: 3, retryMs: 100 });
    reader = openIndexerReader(world.api.config);
    startWorker();
  });
  after(async () => {
    worker?.stop();
    // Each step on its own, in order: one that fails must not leave chains and Ponder running.
    const failures: unknown[] = [];
    for (const stop of [() => reader?.close(), () => world?.close(), () => gate?.stop(), () => stack?.close()]) {
      await Promise.resolve()
        .then(stop)
        .catch((error: unknown) => failures.push(error));
    }
    assert.deepEqual(failures, [], "every part stopped");
  });

  const submit = async (name: string, art: PixelArt): Promise<number> => {
    const res = await json(world.jars.artist, "POST", "/api/artists/submit", { name, description: `${name}, drawn`, art });
    assert.equal(res.status, 201, await res.clone().text());
    return ((await res.json()) as Submission).id;
  };
  const view = async (id: number): Promise<Submission> => (await (await world.jars.admin.fetch(`/api/admin/submissions/${id}`)).json()) as Submission;
  const settled = (id: number, state: "done" | "failed"): Promise<Submission> =>
    until(`submission ${id} ${state}`, async () => {
      const current = await view(id);
      return current.replacement?.state === state ? current : undefined;
    });
  /** Rows of the replacement's tables and live holds: nothing may change on a refusal. */
  const footprint = async (): Promise<number[]> => {
    const db = world.api.database.db;
    const count = async (rows: Promise<{ n: number }[]>): Promise<number> => (await rows)[0]!.n;
    return [
      await count(db.select({ n: sql<number>`count(*)::integer` }).from(artReplacements)),
      await count(db.select({ n: sql<number>`count(*)::integer` }).from(replacementJobs)),
      await count(db.select({ n: sql<number>`count(*)::integer` }).from(reservations).where(isNull(reservations.releasedAt))),
    ];
  };

  it("writes the art on both chains; the submission is approved once indexed; PNG, token, catalogue and tokenURI show it; the old piece is kept", async () => {
    const art = pieceOf(1);
    const id = await submit("Sunrise", art);
    const before = await chainArt(stack.eth, 100);
    const res = await json(world.jars.admin, "PATCH", `/api/admin/submissions/${id}/approve`, { targetTokenId: 100, adminNotes: "Lovely" });
    assert.equal(res.status, 202, await res.clone().text());
    const started = (await res.json()) as Submission;
    assert.deepEqual([started.status, started.targetTokenId, started.editable], ["pending", 100, false]);
    assert.deepEqual(
      started.replacement?.chains.map((c) => c.chainId),
      [31337, 31338],
    );
    // Held at once: no sale can start on it while the art is written.
    const held = (await (await world.jars.admin.fetch("/api/nfts/token/100")).json()) as Nft;
    assert.ok(held.reservedUntil, "reserved while replaced");
    assert.equal((await json(world.jars.artist, "PATCH", `/api/artists/submissions/${id}`, { name: "Changed" })).status, 409);

    const done = await settled(id, "done");
    assert.deepEqual([done.status, done.adminNotes], ["approved", "Lovely"]);
    assert.ok(done.replacement?.chains.every((c) => c.state === "confirmed" && /^0x[0-9a-f]{64}$/.test(c.txHash ?? "")));
    for (const c of stack.chains) assert.deepEqual(rgbOf(await chainArt(c, 100)), rgbOf(art), `chain ${c.chainId}`);
    const indexed = await reader.reader.artOnChains(100);
    assert.deepEqual(
      [...indexed.values()].map((a) => [a.version, rgbOf(a).join()]),
      stack.chains.map(() => [2, rgbOf(art).join()]),
    );

    const png = await until("the new PNG", async () => {
      const decoded = decodeIndexedPng(Buffer.from(await (await fetch(`${world.api.url}/pixlings/pix_100.png?size=9`)).arrayBuffer()));
      const shown = decoded.indices.map((i) => decoded.palette[i]!);
      return shown.join() === rgbOf(art).join() ? shown : undefined;
    });
    assert.equal(png.length, 81);
    const nft = await until("the catalogue", async () => {
      const current = (await (await fetch(`${world.api.url}/api/nfts/token/100`)).json()) as Nft;
      return current.name === "Sunrise" && current.reservedUntil === null ? current : undefined;
    });
    assert.deepEqual([nft.artistId, nft.artistName, nft.colorCount, nft.isMinted], [TEST_ARTISTS.artist.id, "Lumen", 3, false]);
    assert.match(nft.imageUrl, /\?v=2$/);
    // A restart's seed leaves the approved piece's catalogue row as the approval made it.
    await seedCatalogue(world.api.database.db, await readCatalogueFile(world.api.config.catalogueFile));
    const [row] = await world.api.database.db.select().from(catalogue).where(eq(catalogue.tokenId, 100));
    assert.deepEqual([row?.name, row?.artistId, row?.colorCount], ["Sunrise", TEST_ARTISTS.artist.id, 3]);

    const mine = (await (await world.jars.artist.fetch("/api/artists/submissions")).json()) as Submission[];
    assert.deepEqual(
      mine.filter((s) => s.id === id).map((s) => [s.status, s.targetTokenId]),
      [["approved", 100]],
    );
    const chat = (await (await world.jars.artist.fetch(`/api/submissions/${id}/conversations`)).json()) as ConversationMessage[];
    assert.deepEqual(
      chat.map((m) => [m.messageType, m.message]),
      [["approval", "Approved as Token #100: Lovely"]],
    );
    const displaced = (await (await world.jars.admin.fetch("/api/admin/displaced")).json()) as DisplacedList;
    assert.deepEqual([displaced.total, displaced.originals[0]?.tokenId, rgbOf(displaced.originals[0]!.art).join()], [1, 100, rgbOf(before).join()]);

    // tokenURI renders the new art once minted; from then on the art is frozen.
    const buyer = testAccount("approve-replace-buyer");
    await voucherMint(stack.eth, buyer, [100]);
    const uri = await stack.eth.clients.publicClient.readContract({ address: stack.eth.address, abi: pixlingsAbi, functionName: "tokenURI", args: [100n] });
    assert.deepEqual(svgToPixels(svgOfImage(decodeTokenUri(uri).image)), rgbOf(art));
    const again = await submit("Too late", pieceOf(2));
    const footprintBefore = await footprint();
    const refused = await json(world.jars.admin, "PATCH", `/api/admin/submissions/${again}/approve`, { targetTokenId: 100 });
    const body = (await refused.json()) as { code: string; chainId: number };
    assert.equal(refused.status, 409, JSON.stringify(body));
    assert.deepEqual([body.code, body.chainId], ["minted", 31337]);
    assert.deepEqual(await footprint(), footprintBefore, "nothing written");
    assert.deepEqual([(await view(again)).status, (await view(again)).targetTokenId], ["pending", null]);
  });

  it("refuses a Pix minted a moment ago on either chain, or reserved by a buyer: 409, nothing written", async () => {
    const id = await submit("Refused", pieceOf(3));
    const footprintBefore = await footprint();
    // Minted on the second chain just now: the indexer may not show it yet; the contract does.
    await voucherMint(stack.pol, testAccount("approve-replace-pol-buyer"), [110]);
    const minted = await json(world.jars.admin, "PATCH", `/api/admin/submissions/${id}/approve`, { targetTokenId: 110 });
    assert.equal(minted.status, 409);
    assert.equal(((await minted.json()) as { code: string }).code, "minted");

    const buyer = testAccount("approve-replace-holder");
    await fund(stack, [buyer]);
    const jar = await signIn(world.api, buyer);
    const voucher = await jar.fetch("/api/mint/authorize", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ tokenIds: [120], chainId: 31337 }),
    });
    assert.equal(voucher.status, 200, await voucher.clone().text());
    const footprintHeld = await footprint();
    const reserved = await json(world.jars.admin, "PATCH", `/api/admin/submissions/${id}/approve`, { targetTokenId: 120 });
    const body = (await reserved.json()) as { code: string; tokenIds: number[] };
    assert.equal(reserved.status, 409, JSON.stringify(body));
    assert.deepEqual([body.code, body.tokenIds], ["reserved", [120]]);
    assert.deepEqual(await footprint(), footprintHeld, "nothing written");
    assert.deepEqual(footprintHeld, [footprintBefore[0], footprintBefore[1], footprintBefore[2]! + 1], "only the buyer's hold");
    assert.deepEqual([(await view(id)).status, (await view(id)).replacement], ["pending", null]);
  });

  it("with one chain's RPC down: a visible partial state, never shown as done; a retry completes it", async () => {
    const art = pieceOf(4);
    const id = await submit("Half way", art);
    await gate.shut();
    try {
      const res = await json(world.jars.admin, "PATCH", `/api/admin/submissions/${id}/approve`, { targetTokenId: 130 });
      assert.equal(res.status, 202, await res.clone().text());
      const failed = await settled(id, "failed");
      assert.equal(failed.status, "pending");
      assert.deepEqual(
        failed.replacement?.chains.map((c) => [c.chainId, c.state]),
        [
          [31337, "confirmed"],
          [31338, "failed"],
        ],
      );
      assert.match(failed.replacement?.chains[1]?.error ?? "", /Local Polygon's RPC is not answering/);
      assert.doesNotMatch(failed.replacement?.chains[1]?.error ?? "", /127\.0\.0\.1/);
      assert.deepEqual(rgbOf(await chainArt(stack.eth, 130)), rgbOf(art));
      assert.notDeepEqual(rgbOf(await chainArt(stack.pol, 130)), rgbOf(art));
      const mine = (await (await world.jars.artist.fetch("/api/artists/submissions")).json()) as Submission[];
      assert.equal(mine.find((s) => s.id === id)?.status, "pending", "the artist never sees it approved");
      assert.ok(((await (await fetch(`${world.api.url}/api/nfts/token/130`)).json()) as Nft).reservedUntil, "still held");
    } finally {
      await gate.open();
    }
    const retried = await json(world.jars.admin, "POST", `/api/admin/submissions/${id}/retry`);
    assert.equal(retried.status, 202, await retried.clone().text());
    const done = await settled(id, "done");
    assert.equal(done.status, "approved");
    for (const c of stack.chains) assert.deepEqual(rgbOf(await chainArt(c, 130)), rgbOf(art), `chain ${c.chainId}`);
    assert.equal((await json(world.jars.admin, "POST", `/api/admin/submissions/${id}/retry`)).status, 409, "nothing left to retry");
  });

  it("after a crash once the transaction was stored (or even sent), the next worker sends nothing twice", async () => {
    worker?.stop();
    const art = pieceOf(5);
    const id = await submit("Crash", art);
    const res = await json(world.jars.admin, "PATCH", `/api/admin/submissions/${id}/approve`, { targetTokenId: 140 });
    assert.equal(res.status, 202);
    const [replacement] = await world.api.database.db.select().from(artReplacements).where(eq(artReplacements.submissionId, id));
    const jobs = await world.api.database.db.select().from(replacementJobs).where(eq(replacementJobs.replacementId, replacement!.id));
    const nonces = await Promise.all(stack.chains.map((c) => c.clients.publicClient.getTransactionCount({ address: artAdmin.account.address })));
    const context = {
      db: world.api.database.db,
      artAdmin,
      tokenId: 140,
      art: { palette: replacement!.palette, pixels: hexToBytes(replacement!.pixels as Hex) },
    };
    // Local Ethereum: signed and stored, then the process died before broadcasting.
    const ethJob = jobs.find((j) => j.chainId === 31337)!;
    const storedEth = await signAndStore(context, artAdmin.chains.get(31337)!, ethJob);
    // Local Polygon: stored and broadcast (and mined), then the process died before recording it.
    const polJob = jobs.find((j) => j.chainId === 31338)!;
    const storedPol = await signAndStore(context, artAdmin.chains.get(31338)!, polJob);
    await stack.pol.clients.publicClient.sendRawTransaction({ serializedTransaction: storedPol! });
    assert.ok(storedEth && storedPol);

    startWorker();
    const done = await settled(id, "done");
    const hashes = Object.fromEntries(done.replacement!.chains.map((c) => [c.chainId, c.txHash]));
    const [ethAfter, polAfter] = await world.api.database.db
      .select()
      .from(replacementJobs)
      .where(eq(replacementJobs.replacementId, replacement!.id))
      .orderBy(replacementJobs.chainId);
    assert.deepEqual([ethAfter?.txHashes.length, polAfter?.txHashes.length], [1, 1], "one transaction signed per chain");
    assert.deepEqual([hashes[31337], hashes[31338]], [ethAfter?.txHash, polAfter?.txHash]);
    const after = await Promise.all(stack.chains.map((c) => c.clients.publicClient.getTransactionCount({ address: artAdmin.account.address })));
    assert.deepEqual(
      after,
      nonces.map((n) => n + 1),
      "exactly one transaction sent on each chain",
    );
    for (const c of stack.chains) assert.deepEqual(rgbOf(await chainArt(c, 140)), rgbOf(art));
    assert.equal((await world.api.database.db.select().from(submissions).where(eq(submissions.id, id)))[0]?.status, "approved");
  });

  it("retries a chain whose RPC does not answer for a moment by itself: never shown failed, one transaction", async () => {
    worker?.stop();
    // Tries far enough apart that the RPC is back before they are used up.
    artAdmin = createArtAdmin(DEV_KEYS.artAdmin, world.api.config.sale.chains, { maxAttempts: 10, retryMs: 300 });
    startWorker();
    const art = pieceOf(6);
    const id = await submit("Hiccup", art);
    const polNonce = await stack.pol.clients.publicClient.getTransactionCount({ address: artAdmin.account.address });
    await gate.shut();
    let replacementId: number;
    try {
      const res = await json(world.jars.admin, "PATCH", `/api/admin/submissions/${id}/approve`, { targetTokenId: 150 });
      assert.equal(res.status, 202, await res.clone().text());
      const [replacement] = await world.api.database.db.select().from(artReplacements).where(eq(artReplacements.submissionId, id));
      replacementId = replacement?.id ?? assert.fail("no replacement");
      const waiting = await until("a failed try on Local Polygon", async () => {
        const [job] = await world.api.database.db
          .select()
          .from(replacementJobs)
          .where(and(eq(replacementJobs.replacementId, replacementId), eq(replacementJobs.chainId, 31338)));
        return job && job.attempts > 0 ? job : undefined;
      });
      assert.equal(waiting.state, "pending", "waiting for its next try, not failed");
      assert.match(waiting.error ?? "", /Local Polygon's RPC is not answering/);
      assert.equal((await view(id)).replacement?.state, "writing");
    } finally {
      await gate.open();
    }
    const done = await settled(id, "done");
    assert.equal(done.status, "approved", "no admin retried it");
    for (const c of stack.chains) assert.deepEqual(rgbOf(await chainArt(c, 150)), rgbOf(art), `chain ${c.chainId}`);
    const [polJob] = await world.api.database.db
      .select()
      .from(replacementJobs)
      .where(and(eq(replacementJobs.replacementId, replacementId!), eq(replacementJobs.chainId, 31338)));
    assert.deepEqual([polJob?.state, polJob?.txHashes.length], ["confirmed", 1]);
    assert.equal(await stack.pol.clients.publicClient.getTransactionCount({ address: artAdmin.account.address }), polNonce + 1, "one transaction");
  });
});
