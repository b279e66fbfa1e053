import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { queries } from "./queries.ts";
import { queryClient } from "./queryClient.ts";

describe("query defaults (docs/map.md#query-defaults)", () => {
  it("no retries, stale at once, no refetch on focus; mutations no retries; unused data kept 60 s (docs/web.md says why)", () => {
    const { queries: query, mutations } = queryClient.getDefaultOptions();
    assert.deepEqual(
      { retry: query?.retry, staleTime: query?.staleTime, gcTime: query?.gcTime, refetchOnWindowFocus: query?.refetchOnWindowFocus },
      { retry: false, staleTime: 0, gcTime: 60_000, refetchOnWindowFocus: false },
    );
    assert.equal(mutations?.retry, false);
  });

  it("crypto prices refresh, and are fresh, for 5 minutes", () => {
    const prices = queries.cryptoPrices();
    assert.equal(prices.staleTime, 5 * 60_000);
    assert.equal(prices.refetchInterval, 5 * 60_000);
  });

  it("ownership queries keep nothing cached and are stale at once", () => {
    for (const ownership of [queries.ownerPixlings(), queries.ownerWallet("0xAbC"), queries.ownedPix(7, undefined)]) {
      assert.equal(ownership.gcTime, 0, String(ownership.queryKey));
      assert.equal(ownership.staleTime, undefined, String(ownership.queryKey));
    }
  });
});
