import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { z } from "zod";
import { NO_FILTERS, nftQueryParams, nftQueryShape, toNftQuery, usdCents, usdText, type NftQuery } from "./nftQuery.ts";

const schema = z.object(Object.fromEntries(Object.entries(nftQueryShape).map(([name, item]) => [name, item.optional()])));
const read = (params: URLSearchParams): NftQuery => toNftQuery(schema.parse(Object.fromEntries(params)) as never);

describe("the explorer's query string", () => {
  it("writes a query in one canonical order that reads back as the same query", () => {
    const query: NftQuery = {
      filters: {
        tiers: ["Rare", "Artist"],
        artists: [12, 3],
        colorCounts: [7, 2],
        symmetries: ["vertical", "both"],
        colors: ["f2c53d", "5666d6"],
        statuses: ["minted-polygon", "available", "card"],
        minUsdCents: 3550,
        maxUsdCents: 45500,
      },
      sort: "recent",
      page: 4,
      limit: 24,
    };
    const params = nftQueryParams(query);
    assert.equal(
      params.toString(),
      "tier=artist%2Crare&artist=3%2C12&colorCount=2%2C7&symmetry=both%2Cvertical&color=5666d6%2Cf2c53d&status=available%2Ccard%2Cminted-polygon&minUsd=35.50&maxUsd=455&sort=recent&page=4&limit=24",
    );
    const back = read(params);
    const sorted = <T>(values: T[]) => [...values].sort();
    assert.deepEqual(back, {
      ...query,
      filters: {
        ...query.filters,
        tiers: ["Artist", "Rare"],
        artists: [3, 12],
        colorCounts: [2, 7],
        symmetries: sorted(query.filters.symmetries),
        colors: sorted(query.filters.colors),
        statuses: ["available", "card", "minted-polygon"],
      },
    });
    // The same view, chosen in another order, has the same link.
    assert.equal(nftQueryParams({ ...back }).toString(), params.toString());
  });

  it("leaves the defaults out: no filter, available Pix, by id, page 1, 100 a page", () => {
    assert.equal(nftQueryParams({ filters: NO_FILTERS }).toString(), "");
    assert.equal(nftQueryParams({ filters: { ...NO_FILTERS, statuses: "any" } }).toString(), "status=any");
    assert.equal(nftQueryParams({ filters: { ...NO_FILTERS, statuses: [] } }).toString(), "status=any");
    assert.deepEqual(read(new URLSearchParams()), { filters: NO_FILTERS, sort: "id", page: 1, limit: 100 });
  });

  it("reads dollars to cents and writes them back", () => {
    for (const [text, cents] of [
      ["35", 3500],
      ["35.5", 3550],
      ["35.05", 3505],
      ["0", 0],
      ["455.00", 45500],
    ] as const) {
      assert.equal(usdCents(text), cents, text);
    }
    for (const bad of ["", "-1", "1e3", "3.141", ".5", "5.", " 5", "12345678"]) assert.equal(usdCents(bad), undefined, bad);
    assert.deepEqual([usdText(3500), usdText(3550), usdText(3505)], ["35", "35.50", "35.05"]);
  });
});
