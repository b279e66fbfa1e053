// GET /api/nfts and /api/nfts/facets: every bad value is a 400 naming its parameter, never a 500
// and never a silently wider answer.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { toNftQuery } from "@pixlings/shared/http/nftQuery";
import { HttpError } from "../http/HttpError.ts";
import { parseInput } from "../http/parseInput.ts";
import { explorerQuery } from "./nftReads.ts";

const parse = (query: Record<string, string>) => parseInput(explorerQuery, query, "query");

function refused(query: Record<string, string>): string {
  try {
    parse(query);
  } catch (error) {
    assert.ok(error instanceof HttpError, String(error));
    assert.equal(error.status, 400);
    return error.message;
  }
  assert.fail(`accepted ${JSON.stringify(query)}`);
}

describe("the explorer's query", () => {
  it("reads every filter, list values in any case, each once", () => {
    const query = toNftQuery(
      parse({
        tier: "Rare,common,rare",
        artist: "3,1",
        colorCount: "2,16",
        symmetry: "vertical,both",
        color: "D9434B,5666d6",
        status: "available,card,minted-polygon",
        minUsd: "35",
        maxUsd: "105.5",
        sort: "-price",
        page: "3",
        limit: "20",
        t: "1700000000000",
      }),
    );
    assert.deepEqual(query, {
      filters: {
        tiers: ["Rare", "Common"],
        artists: [3, 1],
        colorCounts: [2, 16],
        symmetries: ["vertical", "both"],
        colors: ["d9434b", "5666d6"],
        statuses: ["available", "card", "minted-polygon"],
        minUsdCents: 3500,
        maxUsdCents: 10550,
      },
      sort: "-price",
      page: 3,
      limit: 20,
    });
    assert.equal(toNftQuery(parse({ status: "ANY" })).filters.statuses, "any");
    assert.deepEqual(toNftQuery(parse({})).filters.statuses, ["available"], "Browse's default: the Pix for sale");
  });

  it("answers 400 naming the parameter for each bad value", () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ tier: "legendary" }, /query\.tier: "legendary" is not a tier/],
      [{ tier: "" }, /query\.tier: /],
      [{ artist: "0" }, /query\.artist: "0" is not an artist id/],
      [{ artist: "1,x" }, /query\.artist: "x"/],
      [{ colorCount: "17" }, /query\.colorCount: "17" is not a number of colours/],
      [{ colorCount: "2.5" }, /query\.colorCount/],
      [{ symmetry: "radial" }, /query\.symmetry: "radial" is not a symmetry/],
      [{ color: "#d9434b" }, /query\.color: "#d9434b" is not a colour/],
      [{ color: "fff" }, /query\.color/],
      [{ status: "sold" }, /query\.status: "sold" is not a status/],
      [{ status: "any,available" }, /query\.status/],
      [{ minUsd: "-1" }, /query\.minUsd: must be an amount in US dollars/],
      [{ maxUsd: "1e3" }, /query\.maxUsd/],
      [{ maxUsd: "10.005" }, /query\.maxUsd/],
      [{ minUsd: "100", maxUsd: "35" }, /query\.maxUsd: must be at least minUsd/],
      [{ sort: "name" }, /query\.sort: must be one of id, price/],
      [{ page: "0" }, /query\.page: page must be at least 1/],
      [{ page: "two" }, /query\.page: must be a whole number/],
      [{ limit: "101" }, /query\.limit: limit must be at most 100/],
      [{ tier: Array.from({ length: 65 }, () => "rare").join(",") }, /query\.tier: at most 64 values/],
      // A misspelt filter would otherwise show everything.
      [{ teir: "rare" }, /query: Unrecognized key: "teir"/i],
    ];
    for (const [query, message] of cases) assert.match(refused(query), message, JSON.stringify(query));
  });

  it("a parameter given twice (an array under Express's simple parser) is a 400 too", () => {
    assert.match(refused({ tier: ["rare", "common"] } as unknown as Record<string, string>), /query\.tier/);
  });
});
