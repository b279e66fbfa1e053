// The body caches keyed by market version: built once per version and key, never an old version's body kept.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { MarketState } from "../market/market.ts";
import { createJsonBodyCache, jsonBody, versionedAsync, type JsonBody } from "./jsonBodies.ts";

const at = (version: string): MarketState => ({ version }) as MarketState;
const LIMITS = { maxEntries: 100, maxSize: 1_000_000 };

describe("versionedAsync", () => {
  it("builds a key once per market version", async () => {
    const cached = versionedAsync(createJsonBodyCache(LIMITS));
    let builds = 0;
    const build = async (): Promise<JsonBody> => jsonBody<number>(++builds);
    const first = await cached(at("1"), "k", build);
    assert.equal(await cached(at("1"), "k", build), first);
    assert.equal(builds, 1);
    await cached(at("1"), "other", build);
    assert.equal(builds, 2);
    const next = await cached(at("2"), "k", build);
    assert.notEqual(next, first);
    assert.equal(builds, 3);
  });

  it("does not keep a body whose version was replaced while it was built", async () => {
    const cached = versionedAsync(createJsonBodyCache(LIMITS));
    let release: () => void = () => {};
    const slow = cached(at("1"), "k", () => new Promise<JsonBody>((resolve) => (release = () => resolve(jsonBody<string>("old")))));
    // A request at a newer version arrives while the old one is still building.
    const fresh = await cached(at("2"), "k", async () => jsonBody<string>("new"));
    release();
    assert.equal((await slow).bytes.toString(), '"old"');
    let rebuilt = false;
    const again = await cached(at("2"), "k", async () => {
      rebuilt = true;
      return jsonBody<string>("rebuilt");
    });
    assert.equal(rebuilt, false, "the newer version's body stays");
    assert.equal(again, fresh);
  });
});
