import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { NO_FILTERS } from "@pixlings/shared/http/nftQuery";
import { explorerSearch, readExplorerUrl } from "./explorerUrl.ts";

const read = (search: string) => readExplorerUrl(new URLSearchParams(search));

describe("Browse's URL", () => {
  it("holds the whole view: filters, sort, page and size, and writes it back the same", () => {
    const search = "tier=artist%2Crare&artist=2&colorCount=3&symmetry=vertical&color=d9434b&status=any&minUsd=35&maxUsd=105&sort=-price&page=3&size=XL";
    const view = read(search);
    assert.deepEqual(view.query.filters, {
      tiers: ["Artist", "Rare"],
      artists: [2],
      colorCounts: [3],
      symmetries: ["vertical"],
      colors: ["d9434b"],
      statuses: "any",
      minUsdCents: 3500,
      maxUsdCents: 10500,
    });
    assert.deepEqual([view.query.sort, view.query.page, view.query.limit, view.size], ["-price", 3, 100, "XL"]);
    assert.equal(explorerSearch(view).toString(), search);
  });

  it("opens the default view from a bare /browse: the Pix for sale, by id, page 1, size M", () => {
    const view = read("");
    assert.deepEqual(view.query, { filters: NO_FILTERS, sort: "id", page: 1, limit: 100 });
    assert.equal(view.size, "M");
    assert.equal(explorerSearch(view).toString(), "");
  });

  it("keeps Browse's first names working: filter=artist, filter=common, sold=include, artist=", () => {
    assert.deepEqual(read("filter=artist").query.filters.tiers, ["Artist"]);
    assert.deepEqual(read("filter=common").query.filters.tiers, ["Common"]);
    const artist = read("artist=5&sold=include");
    assert.deepEqual([artist.query.filters.artists, artist.query.filters.statuses], [[5], "any"]);
    // The explorer's own names win when both are given.
    assert.deepEqual(read("filter=artist&tier=rare").query.filters.tiers, ["Rare"]);
    assert.deepEqual(read("sold=include&status=card").query.filters.statuses, ["card"]);
  });

  it("leaves out what the API would refuse, keeping the rest", () => {
    const view = read("tier=legendary&colorCount=3&color=red&status=sold&minUsd=500&maxUsd=35&sort=name&page=0&limit=7&size=huge");
    assert.deepEqual(view.query, { filters: { ...NO_FILTERS, colorCounts: [3], minUsdCents: 50000 }, sort: "id", page: 1, limit: 100 });
    assert.equal(view.size, "M");
  });
});
