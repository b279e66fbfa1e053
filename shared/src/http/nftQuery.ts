/**
 * The trait explorer's query string: the parameters of `GET /api/nfts` and `/api/nfts/facets`,
 * which the browse page's URL uses as they are (a filtered view is shared by its link). Lists are
 * comma-separated; a value the schema refuses is a 400 naming its parameter at the API, and is
 * left out by the web app (a hand-edited link still opens).
 */
import { z } from "zod";
import { SYMMETRY_BY_CODE, type Symmetry } from "../art/symmetry.ts";
import { COLLECTION } from "../collection.ts";
import { TIER_NAMES, tierKey, type TierName } from "../tiers.ts";
import { NFT_PAGE_LIMIT, NFT_SORTS, NFT_STATUSES, type NftFilters, type NftSort, type NftStatus } from "./nfts.ts";

/** `status=any`: every Pix, whatever its state. */
export const ANY_STATUS = "any";
/** Without `status`: the Pix for sale, as Browse has always listed them. */
const DEFAULT_STATUSES: readonly NftStatus[] = ["available"];

export const NO_FILTERS: NftFilters = {
  tiers: [],
  artists: [],
  colorCounts: [],
  symmetries: [],
  colors: [],
  statuses: [...DEFAULT_STATUSES],
  minUsdCents: undefined,
  maxUsdCents: undefined,
};

/** A colour as the query names it: six hex digits, no `#`. */
export const colorHex = (rgb: number): string => rgb.toString(16).padStart(6, "0");

/** "35", "35.5" or "35.50" dollars in cents; undefined for anything else. */
export function usdCents(text: string): number | undefined {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Cents as the query writes them: "35", "35.5" → "35.50". */
export const usdText = (cents: number): string => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

const LIST_MAX = 64;
const tierByKey = new Map(TIER_NAMES.map((name) => [tierKey(name), name]));

/** A comma-separated list of values `item` accepts, each at most once (order kept). */
const listOf = <T>(what: string, item: (part: string) => T | undefined) =>
  z.string().transform((text, ctx): T[] => {
    const parts = text.split(",").map((part) => part.trim().toLowerCase());
    if (parts.length > LIST_MAX) {
      ctx.addIssue({ code: "custom", message: `at most ${LIST_MAX} values` });
      return z.NEVER;
    }
    const out: T[] = [];
    for (const part of parts) {
      const value = item(part);
      if (value === undefined) {
        ctx.addIssue({ code: "custom", message: `${JSON.stringify(part)} is not ${what}` });
        return z.NEVER;
      }
      if (!out.includes(value)) out.push(value);
    }
    return out;
  });

const wholeIn = (min: number, max: number) => (part: string) =>
  /^\d{1,9}$/.test(part) && Number(part) >= min && Number(part) <= max ? Number(part) : undefined;
const oneOf =
  <T extends string>(values: readonly T[]) =>
  (part: string): T | undefined =>
    values.find((value) => value === part);

const usd = z.string().transform((text, ctx) => {
  const cents = usdCents(text);
  if (cents === undefined) {
    ctx.addIssue({ code: "custom", message: "must be an amount in US dollars (35 or 35.50)" });
    return z.NEVER;
  }
  return cents;
});

/** Every parameter, as the API validates it; each optional. */
export const nftQueryShape = {
  tier: listOf(`a tier (${[...tierByKey.keys()].join(", ")})`, (part) => tierByKey.get(part as Lowercase<TierName>)),
  artist: listOf("an artist id", wholeIn(1, 2_147_483_647)),
  colorCount: listOf(`a number of colours (1..${COLLECTION.maxColors})`, wholeIn(1, COLLECTION.maxColors)),
  symmetry: listOf(`a symmetry (${SYMMETRY_BY_CODE.join(", ")})`, oneOf<Symmetry>(SYMMETRY_BY_CODE)),
  color: listOf("a colour (six hex digits, rrggbb)", (part) => (/^[0-9a-f]{6}$/.test(part) ? part : undefined)),
  status: z.string().transform((text, ctx): NftStatus[] | typeof ANY_STATUS => {
    if (text.trim().toLowerCase() === ANY_STATUS) return ANY_STATUS;
    const parsed = listOf(`a status (${[...NFT_STATUSES, ANY_STATUS].join(", ")})`, oneOf(NFT_STATUSES)).safeParse(text);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
    return z.NEVER;
  }),
  minUsd: usd,
  maxUsd: usd,
  sort: z.enum(NFT_SORTS, { error: `must be one of ${NFT_SORTS.join(", ")}` }),
  page: z
    .string()
    .regex(/^\d{1,9}$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().min(1, "page must be at least 1")),
  limit: z
    .string()
    .regex(/^\d{1,9}$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().min(1, "limit must be at least 1").max(NFT_PAGE_LIMIT, `limit must be at most ${NFT_PAGE_LIMIT}`)),
} as const;

type Shape = typeof nftQueryShape;
export type NftQueryParam = keyof Shape;
export type ParsedNftQuery = { [K in NftQueryParam]?: z.output<Shape[K]> };

/** What a parsed query asks for. */
export interface NftQuery {
  filters: NftFilters;
  sort: NftSort;
  page: number;
  limit: number;
}

/** The parsed parameters as filters, sort and page (defaults filled in). */
export function toNftQuery(parsed: ParsedNftQuery): NftQuery {
  return {
    filters: {
      tiers: parsed.tier ?? [],
      artists: parsed.artist ?? [],
      colorCounts: parsed.colorCount ?? [],
      symmetries: parsed.symmetry ?? [],
      colors: parsed.color ?? [],
      statuses: parsed.status ?? [...DEFAULT_STATUSES],
      minUsdCents: parsed.minUsd,
      maxUsdCents: parsed.maxUsd,
    },
    sort: parsed.sort ?? "id",
    page: parsed.page ?? 1,
    limit: parsed.limit ?? NFT_PAGE_LIMIT,
  };
}

const sortedText = <T extends string | number>(values: readonly T[]): string =>
  [...values].sort((a, b) => (typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b)))).join(",");

/**
 * The query as parameters in one canonical order, defaults left out (id order, page 1, the
 * standard limit, available Pix only): the same view always has the same link and cache key.
 */
export function nftQueryParams({ filters, sort = "id", page = 1, limit = NFT_PAGE_LIMIT }: Partial<NftQuery> & { filters: NftFilters }): URLSearchParams {
  const params = new URLSearchParams();
  const list = <T extends string | number>(name: NftQueryParam, values: readonly T[]) => {
    if (values.length > 0) params.set(name, sortedText(values));
  };
  list(
    "tier",
    filters.tiers.map((tier) => tierKey(tier)),
  );
  list("artist", filters.artists);
  list("colorCount", filters.colorCounts);
  list("symmetry", filters.symmetries);
  list("color", filters.colors);
  if (filters.statuses === ANY_STATUS) params.set("status", ANY_STATUS);
  else if (sortedText(filters.statuses) !== sortedText(DEFAULT_STATUSES))
    params.set("status", filters.statuses.length === 0 ? ANY_STATUS : sortedText(filters.statuses));
  if (filters.minUsdCents !== undefined) params.set("minUsd", usdText(filters.minUsdCents));
  if (filters.maxUsdCents !== undefined) params.set("maxUsd", usdText(filters.maxUsdCents));
  if (sort !== "id") params.set("sort", sort);
  if (page !== 1) params.set("page", String(page));
  if (limit !== NFT_PAGE_LIMIT) params.set("limit", String(limit));
  return params;
}
