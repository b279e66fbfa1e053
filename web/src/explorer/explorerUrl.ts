import { NFT_PAGE_LIMIT } from "@pixlings/shared/http/nfts";
import { ANY_STATUS, nftQueryParams, nftQueryShape, toNftQuery, type NftQuery, type NftQueryParam, type ParsedNftQuery } from "@pixlings/shared/http/nftQuery";
import { GRID_SIZES, parseGridSize, type GridSize } from "../components/gridSizes.ts";

/** What Browse shows: the explorer's query (filters, sort, page) and the grid's size. */
export interface ExplorerView {
  query: NftQuery;
  size: GridSize;
}

const PARAMS = Object.keys(nftQueryShape) as NftQueryParam[];

/**
 * The view a Browse URL asks for. Each parameter is read as the API reads it (the explorer's
 * vocabulary, `shared/src/http/nftQuery.ts`); a value the API would refuse is left out, so a
 * hand-edited link still opens. Browse's first names keep working: `filter=artist|common` (a
 * tier) and `sold=include` (any status).
 */
export function readExplorerUrl(params: URLSearchParams): ExplorerView {
  const parsed: Record<string, unknown> = {};
  for (const name of PARAMS) {
    const value = params.get(name);
    if (value === null) continue;
    const result = nftQueryShape[name].safeParse(value);
    if (result.success) parsed[name] = result.data;
  }
  const query = parsed as ParsedNftQuery;
  const legacyTier = params.get("filter");
  if (query.tier === undefined && (legacyTier === "artist" || legacyTier === "common")) query.tier = [legacyTier === "artist" ? "Artist" : "Common"];
  if (query.status === undefined && params.get("sold") === "include") query.status = ANY_STATUS;
  if (query.minUsd !== undefined && query.maxUsd !== undefined && query.maxUsd < query.minUsd) delete query.maxUsd;
  // Browse always pages by the standard size.
  delete query.limit;
  return { query: { ...toNftQuery(query), limit: NFT_PAGE_LIMIT }, size: parseGridSize(params.get("size")) };
}

/** The URL's query string for a view: the explorer's canonical parameters, then the size unless M. */
export function explorerSearch({ query, size }: ExplorerView): URLSearchParams {
  const params = nftQueryParams(query);
  if (size !== "M" && GRID_SIZES.includes(size)) params.set("size", size);
  return params;
}
