// `npm run bench:admin`: how long an admin's Approve & Replace takes to show. The stack of the API
// tests (test-kit/saleStack.ts: two anvil chains with fixture art, a real Ponder) and the real API
// with its replacement worker and an art-admin key; an artist and an admin signed in for real
// (local Google stand-in). Each run: the artist submits a drawn piece, then the clock starts as the
// admin's "Approve & Replace" is sent, and stops when `/pixlings/pix_{id}.png` serves the new
// pixels (and, separately, when the submission reads approved: both chains confirmed and indexed).
// Writes bench/results/admin.json.
import path from "node:path";
import { colourHex } from "@pixlings/shared/art/pixelArt";
import type { PixelArt, Submission } from "@pixlings/shared/http/submissions";
import { runMain } from "@pixlings/scripts/cli";
import { REPO_ROOT } from "@pixlings/scripts/paths";
import { startArtistWorld, type ArtistWorld } from "@pixlings/test-kit/artistActors";
import { decodeIndexedPng } from "@pixlings/test-kit/png";
import { startSaleStack } from "@pixlings/test-kit/saleStack";
import { printFigureTable, type Targets } from "./figureTable.ts";
import { percentile } from "./percentile.ts";
import { writeFigures, type Figure } from "./report.ts";

const RESULTS_FILE = path.join(REPO_ROOT, "bench", "results", "admin.json");
const RUNS = 7;
/** Unminted fixture ids, one per run. */
const FIRST_ID = 200;
const POLL_MS = 20;
const TARGETS: Targets = {
  art_replace_visible_ms: { describe: "<= 3,000 ms", pass: (v) => v <= 3_000 },
};

const step = (message: string): void => console.log(`[bench:admin] ${message}`);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

type Jar = ArtistWorld["jars"]["admin"];

const pieceOf = (run: number): PixelArt => ({
  palette: [colourHex(0x203040 + run * 3), colourHex(0xe0a020 - run * 5), colourHex(0x40c0a0 + run * 0x100)],
  pixels: Array.from({ length: 81 }, (_, cell) => (cell * (run + 3) + (cell >> 3)) % 3),
});

const rgbOf = (art: PixelArt): string => art.pixels.map((p) => Number.parseInt(art.palette[p]!.slice(1), 16)).join();

async function post(jar: Jar, method: string, pathname: string, body: unknown): Promise<Response> {
  return jar.fetch(pathname, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

/** Milliseconds since `start` when `probe` first holds (polled every POLL_MS). */
async function msUntil(start: number, what: string, probe: () => Promise<boolean>, timeoutMs = 60_000): Promise<number> {
  while (!(await probe())) {
    if (performance.now() - start > timeoutMs) throw new Error(`${what} not seen within ${timeoutMs} ms`);
    await sleep(POLL_MS);
  }
  return Math.round(performance.now() - start);
}

async function oneRun(world: ArtistWorld, run: number): Promise<{ visible: number; approved: number }> {
  const art = pieceOf(run);
  const tokenId = FIRST_ID + run;
  const submitted = await post(world.jars.artist, "POST", "/api/artists/submit", { name: `Bench ${run}`, art });
  if (submitted.status !== 201) throw new Error(`submit: ${submitted.status} ${await submitted.text()}`);
  const { id, artVersion } = (await submitted.json()) as Submission;
  const start = performance.now();
  const approved = await post(world.jars.admin, "PATCH", `/api/admin/submissions/${id}/approve`, { targetTokenId: tokenId, artVersion });
  if (approved.status !== 202) throw new Error(`approve: ${approved.status} ${await approved.text()}`);
  const expected = rgbOf(art);
  const shown = async (): Promise<boolean> => {
    const png = decodeIndexedPng(Buffer.from(await (await fetch(`${world.api.url}/pixlings/pix_${tokenId}.png?size=9`)).arrayBuffer()));
    return png.indices.map((i) => png.palette[i]).join() === expected;
  };
  const done = async (): Promise<boolean> =>
    ((await (await world.jars.admin.fetch(`/api/admin/submissions/${id}`)).json()) as Submission).status === "approved";
  const [visible, approvedMs] = await Promise.all([msUntil(start, `Pix #${tokenId}'s new PNG`, shown), msUntil(start, `submission ${id} approved`, done)]);
  return { visible, approved: approvedMs };
}

async function main(): Promise<number> {
  step("starting two anvil chains, Ponder and the API (with its art-admin key and replacement worker)...");
  const stack = await startSaleStack();
  let world: ArtistWorld | undefined;
  try {
    world = await startArtistWorld((env) => stack.startApi({ ...env, LOG_LEVEL: "error" }, { seedCatalogue: true, checkSignerRole: true }));
    const runs: { visible: number; approved: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await oneRun(world, run);
      step(`run ${run + 1}/${RUNS}: new PNG after ${result.visible} ms, approved after ${result.approved} ms`);
      runs.push(result);
    }
    const visible = runs.map((r) => r.visible).sort((a, b) => a - b);
    const approved = runs.map((r) => r.approved).sort((a, b) => a - b);
    const figures: Record<string, Figure> = {
      art_replace_visible_ms: { value: percentile(visible, 50), unit: "ms", better: "lower" },
      art_replace_visible_max_ms: { value: visible.at(-1)!, unit: "ms", better: "lower" },
      art_replace_approved_ms: { value: percentile(approved, 50), unit: "ms", better: "lower" },
    };
    printFigureTable(figures, TARGETS);
    writeFigures(RESULTS_FILE, figures);
    step(`wrote ${path.relative(REPO_ROOT, RESULTS_FILE)}`);
    return 0;
  } finally {
    await world?.close();
    await stack.close();
  }
}

runMain(main);
