// The Approve & Replace tests' world: the sale stack (two anvil chains, Ponder) and the real API on
// a private Postgres 15 (PGlite when PIXLINGS_SKIP_POSTGRES=1), which reaches Local Polygon through
// a TCP gate (the indexer reaches it directly), with the artist world signed in; the replacement
// worker runs in the test's process (the API runs with ART_REPLACE_WORKER=off) so a test can stop
// and restart it. Helpers to submit, approve, follow and read back.
import assert from "node:assert/strict";
import { isNull, sql } from "drizzle-orm";
import { hexToBytes } from "viem";
import { createArtAdmin, type ArtAdmin } from "@pixlings/api/testing";
import { startReplacementWorker, type ReplacementWorker } from "@pixlings/api/testing";
import { openIndexerReader } from "@pixlings/api/testing";
import { createLogger } from "@pixlings/api/testing";
import { artReplacements, replacementJobs } from "@pixlings/api/testing";
import { reservations } from "@pixlings/api/testing";
import { decodePiece, type Art } from "@pixlings/shared/art/codec";
import { colourHex } from "@pixlings/shared/art/pixelArt";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import type { Nft } from "@pixlings/shared/http/nfts";
import type { PixelArt, Submission } from "@pixlings/shared/http/submissions";
import { startArtistWorld, type ArtistWorld } from "./artistActors.ts";
import type { TestChain } from "./indexer.ts";
import { decodeIndexedPng } from "./png.ts";
import { skipPostgres, startPostgres, type TestPostgres } from "./postgres.ts";
import { startSaleStack, type SaleStack } from "./saleStack.ts";
import { startTcpGate, type TcpGate } from "./tcpGate.ts";

export type Jar = ArtistWorld["jars"]["admin"];
type ArtRetry = ArtAdmin["retry"];

const cells = (f: (cell: number) => number): number[] => Array.from({ length: 81 }, (_, cell) => f(cell));
/** A piece of its own per test: `seed` changes colours and pattern. */
export const pieceOf = (seed: number): PixelArt => ({
  palette: [colourHex(0x102030 + seed), colourHex(0xf0c040 - seed), colourHex(0x30a0f0 + seed * 256)],
  pixels: cells((cell) => (cell * (seed + 2) + (cell >> 2)) % 3),
});

/** The RGB of every cell, row-major: what any rendering of the piece must show. */
export const rgbOf = (art: { palette: readonly (number | string)[]; pixels: ArrayLike<number> }): number[] =>
  Array.from(art.pixels, (p) => {
    const colour = art.palette[p]!;
    return typeof colour === "string" ? Number.parseInt(colour.slice(1), 16) : colour;
  });

/** An answer's status and its error code (the API's 409s say which refusal). */
export const codeOf = async (res: Response): Promise<[number, string | undefined]> => [res.status, ((await res.clone().json()) as { code?: string }).code];

export const json = (jar: Jar, method: string, path: string, body?: unknown): Promise<Response> =>
  jar.fetch(path, { method, ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }) });

/** The art of `tokenId` as the chain's contract holds it. */
export async function chainArt(c: TestChain, tokenId: number): Promise<Art> {
  const blob = await c.clients.publicClient.readContract({ address: c.address, abi: pixlingsAbi, functionName: "artOf", args: [BigInt(tokenId)] });
  return decodePiece(hexToBytes(blob));
}

export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

export interface ReplacementWorld {
  stack: SaleStack;
  gate: TcpGate;
  /** The API's Postgres; undefined when PIXLINGS_SKIP_POSTGRES=1 (then PGlite). */
  pg: TestPostgres | undefined;
  world: ArtistWorld;
  artAdmin: ArtAdmin;
  reader: ReturnType<typeof openIndexerReader>;
  /** Starts the worker (again), with `retry` for its failed tries (quick ones by default). */
  startWorker(retry?: ArtRetry): void;
  stopWorker(): void;
  /** Submits a drawn piece as `jar` (the artist by default); answers its id. */
  submit(name: string, art: PixelArt, jar?: Jar): Promise<number>;
  /** The submission as admins read it. */
  view(id: number): Promise<Submission>;
  /** Approves submission `id` (at its current art version unless told) onto `tokenId`. */
  approve(id: number, tokenId: number, extra?: { artVersion?: number; adminNotes?: string; jar?: Jar }): Promise<Response>;
  /** Waits until the submission's replacement reaches `state` (or, for "gone", has none left). */
  settled(id: number, state: "done" | "failed" | "gone"): Promise<Submission>;
  /** Rows of the replacement tables and live holds: nothing may change on a refusal. */
  footprint(): Promise<number[]>;
  /** The RGB of every cell of the public PNG of `tokenId` (9x9). */
  pngRgb(tokenId: number): Promise<number[]>;
  /** The public answer for `tokenId` (`GET /api/nfts/token/{id}`). */
  token(tokenId: number): Promise<Nft>;
  close(): Promise<void>;
}

export async function startReplacementWorld(): Promise<ReplacementWorld> {
  const pg = skipPostgres() ? undefined : await startPostgres();
  let stack: SaleStack | undefined;
  let gate: TcpGate | undefined;
  let world: ArtistWorld;
  try {
    stack = await startSaleStack({ pollingMs: 200 });
    gate = await startTcpGate(stack.pol.chain.url);
    const polUrl = gate.url;
    const chainsEnv = JSON.stringify(
      stack.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c === stack!.pol ? polUrl : c.chain.url, address: c.address, startBlock: c.deployBlock })),
    );
    const started = stack;
    world = await startArtistWorld((env) =>
      started.startApi(
        { ...env, PIXLINGS_INDEXER_CHAINS: chainsEnv, ART_REPLACE_WORKER: "off", ...(pg ? { DATABASE_URL: pg.url } : {}) },
        { seedCatalogue: true, checkSignerRole: true },
      ),
    );
  } catch (error) {
    await gate?.stop();
    await stack?.close();
    await pg?.stop();
    throw error;
  }
  // Quick tries: a chain down for good shows failed after 3 (the API's default waits about 6 min).
  const QUICK: ArtRetry = { maxAttempts: 3, retryMs: 100 };
  const artAdmin = createArtAdmin(DEV_KEYS.artAdmin, world.api.config.sale.chains, QUICK);
  const reader = openIndexerReader(world.api.config);
  let worker: ReplacementWorker | undefined;
  const db = world.api.database.db;
  const view = async (id: number): Promise<Submission> => (await (await world.jars.admin.fetch(`/api/admin/submissions/${id}`)).json()) as Submission;
  const startWorker = (retry?: ArtRetry): void => {
    worker = startReplacementWorker({
      db,
      artAdmin: retry ? createArtAdmin(DEV_KEYS.artAdmin, world.api.config.sale.chains, retry) : artAdmin,
      indexer: reader.reader,
      chains: world.api.config.sale.chains,
      logger: createLogger(world.api.config),
      onFinished: () => undefined,
    });
  };
  startWorker();
  return {
    stack,
    gate,
    pg,
    world,
    artAdmin,
    reader,
    startWorker,
    stopWorker: () => worker?.stop(),
    async submit(name, art, jar = world.jars.artist) {
      const res = await json(jar, "POST", "/api/artists/submit", { name, description: `${name}, drawn`, art });
      assert.equal(res.status, 201, await res.clone().text());
      return ((await res.json()) as Submission).id;
    },
    view,
    async approve(id, tokenId, extra = {}) {
      const artVersion = extra.artVersion ?? (await view(id)).artVersion;
      const body = { targetTokenId: tokenId, artVersion, ...(extra.adminNotes ? { adminNotes: extra.adminNotes } : {}) };
      return json(extra.jar ?? world.jars.admin, "PATCH", `/api/admin/submissions/${id}/approve`, body);
    },
    settled: (id, state) =>
      until(`submission ${id} ${state}`, async () => {
        const current = await view(id);
        const reached = state === "gone" ? current.replacement === null : current.replacement?.state === state;
        return reached ? current : undefined;
      }),
    async footprint() {
      const count = async (rows: Promise<{ n: number }[]>): Promise<number> => (await rows)[0]!.n;
      return [
        await count(db.select({ n: sql<number>`count(*)::integer` }).from(artReplacements)),
        await count(db.select({ n: sql<number>`count(*)::integer` }).from(replacementJobs)),
        await count(db.select({ n: sql<number>`count(*)::integer` }).from(reservations).where(isNull(reservations.releasedAt))),
      ];
    },
    async token(tokenId) {
      return (await (await fetch(`${world.api.url}/api/nfts/token/${tokenId}`)).json()) as Nft;
    },
    async pngRgb(tokenId) {
      const decoded = decodeIndexedPng(Buffer.from(await (await fetch(`${world.api.url}/pixlings/pix_${tokenId}.png?size=9`)).arrayBuffer()));
      return decoded.indices.map((i) => decoded.palette[i]!);
    },
    async close() {
      worker?.stop();
      // Each step on its own, in order: one that fails must not leave chains, Ponder or Postgres running.
      const failures: unknown[] = [];
      for (const stop of [() => reader.close(), () => world.close(), () => gate.stop(), () => stack.close(), () => pg?.stop()]) {
        await Promise.resolve()
          .then(stop)
          .catch((error: unknown) => failures.push(error));
      }
      assert.deepEqual(failures, [], "every part stopped");
    },
  };
}
