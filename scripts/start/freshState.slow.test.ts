// `npm start` never keeps the API's database or the Stripe stand-in's payments over chains they
// were not made with: the chains' state lost between two runs, then `--fresh`. The real start
// script, its state in a temp folder, every port free-picked.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { privateKeyToAccount } from "viem/accounts";
import { openDatabase } from "@pixlings/api/db";
import { keyNonces } from "@pixlings/api/testing";
import { LOCAL_STRIPE_DEV_SECRET_KEY } from "@pixlings/shared/defaults";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { stackDirs } from "../paths.ts";
import { pickPorts, READY_TIMEOUT_MS, startStack, STOP_TIMEOUT_MS, type Run, type StackPorts } from "./startScriptRun.ts";

let dir: string;
let ports: StackPorts;
const dirs = () => stackDirs({ PIXLINGS_STATE_DIR: path.join(dir, "state") });
/** A counter an earlier run of the chains left: the minter's nonce 41. */
const STALE = { key: `31337:${privateKeyToAccount(DEV_KEYS.minter).address.toLowerCase()}`, nextNonce: 41 };

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "pixlings-fresh-state-"));
  ports = await pickPorts();
});
after(() => rmSync(dir, { recursive: true, force: true }));

const stripeUrlOf = (run: Run): string => /^Local Stripe \(card payments stand-in\): (\S+)$/m.exec(run.output())?.[1] ?? assert.fail(run.output());
const stripe = (run: Run, route: string, body?: string): Promise<Response> =>
  fetch(`${stripeUrlOf(run)}${route}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${LOCAL_STRIPE_DEV_SECRET_KEY}`, "content-type": "application/x-www-form-urlencoded" },
    ...(body === undefined ? {} : { body }),
  });

/** A payment at the stand-in, as a checkout leaves one; answers its id. */
async function aPayment(run: Run): Promise<string> {
  const res = await stripe(run, "/v1/payment_intents", "amount=3500&currency=usd");
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()) as { id: string }).id;
}

/** With the stack stopped: the API database's counter for the minter, after planting `STALE` when asked. */
async function minterCounter(plant: boolean): Promise<number | undefined> {
  const database = await openDatabase({ pgliteDir: dirs().apiDb });
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

async function stopped(run: Run): Promise<void> {
  assert.deepEqual(await run.stop(), { code: 0, signal: null }, run.output());
}

test("npm start: the API database and the Stripe stand-in's state start over with the chains, never kept over new ones", {
  timeout: 3 * READY_TIMEOUT_MS + 3 * STOP_TIMEOUT_MS + 60_000,
}, async () => {
  const first = await startStack(dir, ports);
  let payment: string;
  try {
    payment = await aPayment(first);
  } finally {
    await stopped(first);
  }
  assert.equal(await minterCounter(true), 41);

  // The chains' state is lost (deleted by hand, a new machine's checkout of the state folder...).
  rmSync(dirs().chains, { recursive: true, force: true });
  const second = await startStack(dir, ports);
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
  assert.equal(await minterCounter(true), 41, "gone, and planted again");

  const third = await startStack(dir, ports, ["--fresh"]);
  try {
    assert.match(third.output(), /^--fresh: cleared .*api-db and .*stripe$/m);
    assert.doesNotMatch(third.output(), /The API database was made with/);
    assert.equal((await stripe(third, `/v1/payment_intents/${payment}`)).status, 404);
  } finally {
    await stopped(third);
  }
  assert.equal(await minterCounter(false), undefined, "the stale counter went with the database");
});
