import { createHash } from "node:crypto";
import type { Response } from "express";
import type { MarketState } from "../market/market.ts";
import { BoundedCache, type CacheLimits } from "../cache/boundedCache.ts";

/** A JSON answer built once: its bytes and their ETag. */
export interface JsonBody {
  bytes: Buffer;
  etag: string;
}

/** A bounded cache of JSON bodies (`limits` in entries and bytes). */
export function createJsonBodyCache(limits: CacheLimits): BoundedCache<JsonBody> {
  return new BoundedCache<JsonBody>(limits, (body) => body.bytes.length + body.etag.length);
}

/** `T`: the answer's type in the HTTP contract, named at every call (`jsonBody<Nft[]>(...)`), never inferred. */
export const jsonBody = <T = never>(value: NoInfer<T>): JsonBody => {
  const bytes = Buffer.from(JSON.stringify(value));
  return { bytes, etag: `W/"${createHash("sha1").update(bytes).digest("base64url")}"` };
};

/**
 * `build`'s value for `key`, computed once per market version: Express would otherwise hash every
 * body on every response. `cache` is emptied whenever the version changes.
 */
export function versioned<V>(cache: BoundedCache<V>): (state: MarketState, key: string, build: () => V) => V {
  let version = "";
  return (state, key, build) => {
    if (state.version !== version) {
      version = state.version;
      cache.clear();
    }
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = build()));
    return value;
  };
}

/**
 * As `versioned`, for a body built asynchronously: looked up before anything is computed, and kept
 * only when the market did not move on while it was built (it would be the old version's body).
 */
export function versionedAsync<V>(cache: BoundedCache<V>): (state: MarketState, key: string, build: () => Promise<V>) => Promise<V> {
  let version = "";
  return async (state, key, build) => {
    if (state.version !== version) {
      version = state.version;
      cache.clear();
    }
    const cachedValue = cache.get(key);
    if (cachedValue !== undefined) return cachedValue;
    const value = await build();
    if (state.version === version) cache.set(key, value);
    return value;
  };
}

/** Sends a cached body (304 when the client already has it: Express compares the ETag); its type was named at jsonBody. */
export const sendJson = <T>(res: Response<T>, body: JsonBody, cacheControl: string): void => {
  (res as Response).set({ "Content-Type": "application/json; charset=utf-8", "Cache-Control": cacheControl, ETag: body.etag }).send(body.bytes);
};
