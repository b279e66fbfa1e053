import type { NftFacets, NftFilters } from "@pixlings/shared/http/nfts";
import type { NftQuery } from "@pixlings/shared/http/nftQuery";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import { idsOf } from "../market/bitset.ts";
import type { MarketState } from "../market/market.ts";
import { createExplorerIndex } from "./explorerIndex.ts";
import { facetsOf, matching, pageOf } from "./explore.ts";
import { createMintOrder } from "./mintOrder.ts";

interface ExplorerPage {
  ids: number[];
  total: number;
  /** The page shown: a page past the last is the last one. */
  page: number;
  totalPages: number;
}

/** The trait explorer over the market view: filtered, sorted pages and facet counts. */
export interface Explorer {
  page(state: MarketState, query: NftQuery): Promise<ExplorerPage>;
  facets(state: MarketState, filters: NftFilters): NftFacets;
  /** Every id matching `filters`, by id. */
  ids(state: MarketState, filters: NftFilters): number[];
}

/** An explorer keeping its trait index in step with the market (mint times read from `indexer` for "recent"). */
export function createExplorer(indexer: Pick<IndexerReader, "mintTimes">): Explorer {
  const indexOf = createExplorerIndex();
  const mintOrder = createMintOrder(indexer);
  return {
    async page(state, { filters, sort, page, limit }) {
      const index = indexOf(state);
      const order = sort === "recent" ? await mintOrder(state.minted, index.catalogue.orders.id) : index.catalogue.orders[sort];
      return pageOf(matching(index, filters), order, page, limit);
    },
    facets: (state, filters) => facetsOf(indexOf(state), filters),
    ids: (state, filters) => idsOf(matching(indexOf(state), filters)),
  };
}
