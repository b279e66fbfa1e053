// What the start tests read of a run's state: the Stripe stand-in's payments and the API database's
// nonce counter (start.slow.test.ts).
import assert from "node:assert/strict";
import path from "node:path";
import { privateKeyToAccount } from "viem/accounts";
import { openDatabase } from "@pixlings/api/db";
import { keyNonces } from "@pixlings/api/testing";
import { LOCAL_STRIPE_DEV_SECRET_KEY } from "@pixlings/shared/defaults";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { stackDirs } from "../paths.ts";
import type { Run } from "./startScriptRun.ts";

/** A counter an earlier run of the chains left: the minter's nonce 41. */
const STALE = { key: `31337:${privateKeyToAccount(DEV_KEYS.minter).address.toLowerCase()}`, nextNonce: 41 };

/** The state folders of a start run whose temp folder is `dir`. */
export const runDirs = (dir: string): ReturnType<typeof stackDirs> => stackDirs({ PIXLINGS_STATE_DIR: path.join(dir, "state") });

const stripeUrlOf = (run: Run): string => /^Local Stripe \(card payments stand-in\): (\S+)$/m.exec(run.output())?.[1] ?? assert.fail(run.output());

/** A request to the run's Stripe stand-in with the dev secret key (a GET without `body`). */
export const stripe = (run: Run, route: string, body?: string): Promise<Response> =>
  fetch(`${stripeUrlOf(run)}${route}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${LOCAL_STRIPE_DEV_SECRET_KEY}`, "content-type": "application/x-www-form-urlencoded" },
    ...(body === undefined ? {} : { body }),
  });

/** A payment at the stand-in, as a checkout leaves one; answers its id. */
export async function aPayment(run: Run): Promise<string> {
  const res = await stripe(run, "/v1/payment_intents", "amount=3500&currency=usd");
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()) as { id: string }).id;
}

/** With the stack stopped: the API database's counter for the minter, after planting a stale one when asked. */
export async function minterCounter(dir: string, plant: boolean): Promise<number | undefined> {
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

/** Stops the run and asserts a clean exit. */
export async function stopped(run: Run): Promise<void> {
  assert.deepEqual(await run.stop(), { code: 0, signal: null }, run.output());
}
