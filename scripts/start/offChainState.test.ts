// What `npm start` does with the API's database and the Stripe stand-in's state when the local
// chains change under them (real directories in a temp folder; the chains are a key here).
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, beforeEach, describe, it } from "node:test";
import { stackDirs } from "../paths.ts";
import { offChainStateOf, startOffChainStateOver, startOffChainStateOverIfChainsChanged } from "./offChainState.ts";

let root: string;
const dirsOf = () => stackDirs({ PIXLINGS_STATE_DIR: root });

/** Something in the API database and the stand-in's state, as a run leaves them. */
function planted(): { apiDb: string; stripe: string } {
  const { apiDb, stripe } = dirsOf();
  mkdirSync(apiDb, { recursive: true });
  mkdirSync(stripe, { recursive: true });
  writeFileSync(path.join(apiDb, "PG_VERSION"), "17");
  writeFileSync(path.join(stripe, "state.json"), "{}");
  return { apiDb, stripe };
}

const CHAINS_A = JSON.stringify([[31337, "0x5FbDB2315678afecb367f032d93F642f64180aa3", 1, "2026-01-01T00:00:00.000Z"]]);
const CHAINS_B = JSON.stringify([[31337, "0x5FbDB2315678afecb367f032d93F642f64180aa3", 1, "2026-01-02T00:00:00.000Z"]]);

describe("the off-chain state of npm start", () => {
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), "pixlings-offchain-"));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it("keeps the API database and the Stripe state while the local chains are the ones it was made with", () => {
    const state = offChainStateOf(dirsOf(), {});
    assert.equal(startOffChainStateOverIfChainsChanged(state, CHAINS_A), undefined, "a first start: nothing to clear");
    const { apiDb, stripe } = planted();
    assert.equal(startOffChainStateOverIfChainsChanged(state, CHAINS_A), undefined);
    assert.ok(existsSync(path.join(apiDb, "PG_VERSION")) && existsSync(path.join(stripe, "state.json")));
  });

  it("starts both over when a local chain was started over or redeployed", () => {
    const state = offChainStateOf(dirsOf(), {});
    startOffChainStateOverIfChainsChanged(state, CHAINS_A);
    const { apiDb, stripe } = planted();
    assert.match(
      startOffChainStateOverIfChainsChanged(state, CHAINS_B) ?? "",
      /since started over or redeployed: starting it over with the Stripe stand-in's state/,
    );
    assert.deepEqual([existsSync(apiDb), existsSync(stripe)], [false, false]);
    // The next start on the same chains keeps what the new run writes.
    planted();
    assert.equal(startOffChainStateOverIfChainsChanged(state, CHAINS_B), undefined);
    assert.ok(existsSync(apiDb));
  });

  it("starts over a database it cannot tell the chains of (one made before it remembered them)", () => {
    const state = offChainStateOf(dirsOf(), {});
    const { apiDb } = planted();
    assert.match(startOffChainStateOverIfChainsChanged(state, CHAINS_A) ?? "", /made with local chains this start cannot tell/);
    assert.equal(existsSync(apiDb), false);
  });

  it("--fresh clears both; on Postgres it never touches the API database and says so", () => {
    const pglite = offChainStateOf(dirsOf(), {});
    const { apiDb, stripe } = planted();
    assert.match(startOffChainStateOver(pglite), new RegExp(`cleared ${apiDb} and ${stripe}`));
    assert.deepEqual([existsSync(apiDb), existsSync(stripe)], [false, false]);

    const postgres = offChainStateOf(dirsOf(), { DATABASE_URL: "postgres://somewhere/pixlings" });
    assert.equal(postgres.apiDb, undefined);
    planted();
    assert.match(startOffChainStateOver(postgres), /the API's Postgres database \(DATABASE_URL\) is never cleared/);
    assert.equal(existsSync(apiDb), true, "not the API's database here: left alone");
    assert.equal(existsSync(stripe), false);
    assert.equal(startOffChainStateOverIfChainsChanged(postgres, CHAINS_B), undefined, "the API's own check decides on Postgres");
  });

  it("follows API_PGLITE_DIR, as the API does", () => {
    const own = path.join(root, "elsewhere", "db");
    assert.equal(offChainStateOf(dirsOf(), { API_PGLITE_DIR: own }).apiDb, own);
  });
});
