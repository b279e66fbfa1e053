// What the start tests read of a run's state: the Stripe stand-in's payments (start.slow.test.ts).
import assert from "node:assert/strict";
import path from "node:path";
import { LOCAL_STRIPE_DEV_SECRET_KEY } from "@pixlings/shared/defaults";
import { stackDirs } from "../paths.ts";
import type { Run } from "./startScriptRun.ts";

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

/** Stops the run and asserts a clean exit. */
export async function stopped(run: Run): Promise<void> {
  assert.deepEqual(await run.stop(), { code: 0, signal: null }, run.output());
}
