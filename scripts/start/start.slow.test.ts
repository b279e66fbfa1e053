// `npm start` as a user runs it: the real start script, every port free-picked, its state in a
// temp folder. Start fresh, check the API, Ctrl-C (SIGINT), start again on the saved state, close
// its terminal (SIGHUP, and every write fails); then the chains' state lost, then `--fresh`: the API
// database and the Stripe stand-in's payments never kept over chains they were not made with. The
// tests run in order on one state folder (a fresh start costs a deploy of the whole art on two
// chains); the kills and leftovers of stackLifeTests.ts among them, before a child's death ends it.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import {
  assertNoneRunning,
  assertPortsFree,
  commandLine,
  getJson,
  pickPorts,
  READY_TIMEOUT_MS,
  startStack as startStackIn,
  STOP_TIMEOUT_MS,
  type Run,
  type StackPorts,
} from "./startScriptRun.ts";
import { LOCAL_STRIPE_DEV_SECRET_KEY } from "@pixlings/shared/defaults";
import { runRecordFile } from "./runRecord.ts";
import { registerStackLifeTests } from "./stackLifeTests.ts";
import { privateKeyToAccount } from "viem/accounts";
import { openDatabase } from "@pixlings/api/db";
import { keyNonces } from "@pixlings/api/testing";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { aPayment, runDirs, stopped, stripe } from "./startedState.ts";

let dir: string;
let ports: StackPorts;
/** A counter an earlier run of the chains left: the minter's nonce 41. */
const STALE = { key: `31337:${privateKeyToAccount(DEV_KEYS.minter).address.toLowerCase()}`, nextNonce: 41 };

/** A payment the first test's fresh run left at the Stripe stand-in. */
let firstPayment: string | undefined;

const startStack = (): Promise<Run> => startStackIn(dir, ports);

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "pixlings-start-"));
  ports = await pickPorts();
});

after(() => rmSync(dir, { recursive: true, force: true }));

test("npm start: fresh start, clean stop on SIGINT, restart on the saved state, clean stop when its terminal closes", {
  timeout: 2 * READY_TIMEOUT_MS + 4 * STOP_TIMEOUT_MS,
}, async (t) => {
  const fresh = await startStack();
  const freshProcesses = fresh.descendants();
  try {
    // Both chains, Ponder and the API at least.
    assert.ok(freshProcesses.length >= 4, `${freshProcesses.length} child processes`);
    assert.equal(fresh.url, `http://127.0.0.1:${ports.api}`);
    assert.equal(fresh.output().match(/^Pixlings ready:/gm)?.length, 1);
    assert.match(fresh.output(), /Local Ethereum \(31337\).*deployed\s+40 chunks/);
    assert.deepEqual(await getJson(`${fresh.url}/api/health`), { status: "ok", database: "pglite" });
    // The local Stripe stand-in runs beside it, with the dev key the API is given.
    const stripeUrl = /^Local Stripe \(card payments stand-in\): (\S+)$/m.exec(fresh.output())?.[1];
    assert.match(stripeUrl ?? "", /^http:\/\/127\.0\.0\.1:\d+$/, fresh.output());
    const events = await fetch(`${stripeUrl}/v1/events`, { headers: { authorization: `Bearer ${LOCAL_STRIPE_DEV_SECRET_KEY}` } });
    assert.equal(events.status, 200);
    firstPayment = await aPayment(fresh);
    // And the local Printful stand-in, whose catalogue the API serves.
    assert.match(fresh.output(), /^Local Printful \(merch mockups stand-in\): http:\/\/127\.0\.0\.1:\d+$/m);
    assert.ok(((await getJson(`${fresh.url}/api/printful/products`)) as { result: unknown[] }).result.length > 0);
    assert.deepEqual(await getJson(`${fresh.url}/api/stats`), { total: 9999, minted: 0, owners: 0, available: 9999 });
    // The API sells on exactly the chains this run started (their RPC ports), as the indexer follows them.
    const chains = (await getJson(`${fresh.url}/api/chains`)) as { chainId: number; rpcUrl: string; primary: boolean }[];
    assert.deepEqual(
      chains.map((c) => [c.chainId, c.rpcUrl, c.primary]),
      [
        [31337, `http://127.0.0.1:${ports.eth}`, true],
        [31338, `http://127.0.0.1:${ports.pol}`, false],
      ],
    );
    assert.equal(((await getJson(`${fresh.url}/api/nfts/available?limit=1`)) as { pagination: { total: number } }).pagination.total, 9999);
    const png = await fetch(`${fresh.url}/pixlings/pix_9999.png`);
    assert.equal(png.status, 200);
    assert.equal(png.headers.get("content-type"), "image/png");
  } finally {
    const stopped = await fresh.stop();
    assert.deepEqual(stopped, { code: 0, signal: null }, fresh.output());
  }
  assert.match(
    fresh.output(),
    /Stopping API\.\.\.\nStopping Local Printful\.\.\.\nStopping Local Stripe\.\.\.\nStopping Local Google\.\.\.\nStopping Indexer \(Ponder\)\.\.\.[\s\S]*Stopping Local Ethereum, Local Polygon\.\.\.\n[\s\S]*Stopped\.\n$/,
  );
  assertNoneRunning(freshProcesses);
  await assertPortsFree(ports);

  const again = await startStack();
  const againProcesses = again.descendants();
  try {
    // The chains kept their contract and art: nothing deployed or uploaded again.
    assert.match(again.output(), /Local Ethereum \(31337\).*reused\s+none needed \(40 chunks on chain\)/);
    assert.match(again.output(), /Local Polygon \(31338\).*reused\s+none needed \(40 chunks on chain\)/);
    assert.doesNotMatch(again.output(), /Schema is locked/);
    assert.deepEqual(await getJson(`${again.url}/api/stats`), { total: 9999, minted: 0, owners: 0, available: 9999 });
  } finally {
    // A closed terminal: SIGHUP, and nobody reads the output any more. Exit 0 means the whole
    // ordered stop ran although every write failed.
    again.closeOutput();
    const stopped = await again.stop("SIGHUP");
    assert.deepEqual(stopped, { code: 0, signal: null }, again.output());
  }
  assert.equal(existsSync(runRecordFile(path.join(dir, "state"))), false, "a clean stop leaves no run record");
  assertNoneRunning(againProcesses);
  await assertPortsFree(ports);
  t.diagnostic(`fresh start ${(fresh.ms / 1000).toFixed(1)} s, restart ${(again.ms / 1000).toFixed(1)} s`);
});

/** With the stack stopped: the API database's counter for the minter, after planting a stale one when asked. */
async function minterCounter(dir: string, plant: boolean): Promise<number | undefined> {
  const database = await openDatabase({ pgliteDir: runDirs(dir).apiDb });
  try {
    if (plant)
      await database.db
        .insert(keyNonces)
        .values(STALE)
        .onConflictDoUpdate({ target: keyNonces.key, set: { nextNonce: STALE.nextNonce } });
    return (await database.db.select().from(keyNonces)).find((row) => row.key === STALE.key)?.nextNonce;
  } finally {
    await database.close();
  }
}

test("npm start: the API database and the Stripe stand-in's state start over with the chains, never kept over new ones", {
  timeout: 2 * READY_TIMEOUT_MS + 2 * STOP_TIMEOUT_MS + 60_000,
}, async () => {
  let payment = firstPayment ?? assert.fail("the first test left no payment");
  assert.equal(await minterCounter(dir, true), 41);

  // The chains' state is lost (deleted by hand, a new machine's checkout of the state folder...).
  rmSync(runDirs(dir).chains, { recursive: true, force: true });
  const second = await startStack();
  try {
    assert.match(
      second.output(),
      /The API database was made with local chains that were since started over or redeployed: starting it over with the Stripe stand-in's state \(cleared .*api-db and .*stripe\)/,
    );
    assert.equal((await stripe(second, `/v1/payment_intents/${payment}`)).status, 404, "the old payment is gone with the orders it named");
    payment = await aPayment(second);
  } finally {
    await stopped(second);
  }
  assert.equal(await minterCounter(dir, true), 41, "gone, and planted again");

  const third = await startStackIn(dir, ports, ["--fresh"]);
  try {
    assert.match(third.output(), /^--fresh: cleared .*api-db and .*stripe$/m);
    assert.doesNotMatch(third.output(), /The API database was made with/);
    assert.equal((await stripe(third, `/v1/payment_intents/${payment}`)).status, 404);
  } finally {
    await stopped(third);
  }
  assert.equal(await minterCounter(dir, false), undefined, "the stale counter went with the database");
});

// Killed outright, and what the next starts find (on this state, not a fresh one of their own).
registerStackLifeTests(() => ({ dir, ports }));

test("npm start: a child that dies stops the rest, with a message and exit code 1", { timeout: READY_TIMEOUT_MS + 2 * STOP_TIMEOUT_MS }, async () => {
  const run = await startStack();
  const processes = run.descendants();
  const api = processes.find((pid) => commandLine(pid).includes(path.join("api", "src", "main.ts")));
  try {
    assert.ok(api, `no API process among ${processes.map(commandLine).join("; ")}`);
    process.kill(api, "SIGKILL");
    assert.deepEqual(await run.exited, { code: 1, signal: null }, run.output());
  } finally {
    if (!api) await run.stop();
  }
  assert.match(run.output(), /^API exited unexpectedly \(killed by a signal\); stopping the rest\.$/m);
  assert.match(run.output(), /Stopping Indexer \(Ponder\)\.\.\.[\s\S]*Stopping Local Ethereum, Local Polygon\.\.\.\n[\s\S]*Stopped after an error\.\n$/);
  assertNoneRunning(processes);
  await assertPortsFree(ports);
});
