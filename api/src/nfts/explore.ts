import { SYMMETRY_BY_CODE } from "@pixlings/shared/art/symmetry";
import { NFT_STATUSES, type NftFacets, type NftFilters } from "@pixlings/shared/http/nfts";
import { colorHex } from "@pixlings/shared/http/nftQuery";
import { TIER_NAMES } from "@pixlings/shared/tiers";
import { countIds, countShared, emptyBits, hasId, intersectAll, unionAll, type Bitset } from "../market/bitset.ts";
import type { CatalogueTraits, StatusTraits } from "../market/traitIndex.ts";
import { byHue } from "./byHue.ts";

/** Everything a query reads, as of one market version. */
export interface TraitIndex {
  catalogue: CatalogueTraits;
  status: StatusTraits;
}

type Filter = "tier" | "artist" | "colorCount" | "symmetry" | "color" | "status" | "price";
type Narrowing = Partial<Record<Filter, Bitset>>;

const NONE = emptyBits();
const get = (sets: ReadonlyMap<unknown, Bitset>, key: unknown): Bitset => sets.get(key) ?? NONE;

/** The ids each filter allows (a filter absent does not narrow). */
function narrowing({ catalogue, status }: TraitIndex, filters: NftFilters): Narrowing {
  const out: Narrowing = {};
  if (filters.tiers.length > 0) out.tier = unionAll(filters.tiers.map((tier) => get(catalogue.tier, tier)));
  if (filters.artists.length > 0) out.artist = unionAll(filters.artists.map((id) => catalogue.artist.get(id)?.bits ?? NONE));
  if (filters.colorCounts.length > 0) out.colorCount = unionAll(filters.colorCounts.map((count) => get(catalogue.colorCount, count)));
  if (filters.symmetries.length > 0) out.symmetry = unionAll(filters.symmetries.map((name) => get(catalogue.symmetry, name)));
  // Colours combine: a Pix must contain every one.
  if (filters.colors.length > 0) {
    const [first, ...rest] = filters.colors.map((hex) => get(catalogue.color, Number.parseInt(hex, 16)));
    out.color = intersectAll(first!, rest);
  }
  if (filters.statuses !== "any" && filters.statuses.length > 0) out.status = unionAll(filters.statuses.map((state) => get(status, state)));
  const { minUsdCents: min = 0, maxUsdCents: max = Number.POSITIVE_INFINITY } = filters;
  if (filters.minUsdCents !== undefined || filters.maxUsdCents !== undefined) {
    out.price = unionAll([...catalogue.price].filter(([cents]) => cents >= min && cents <= max).map(([, bits]) => bits));
  }
  return out;
}

/** The catalogue narrowed by every filter but `except`. */
function narrowedBy(index: TraitIndex, sets: Narrowing, except?: Filter): Bitset {
  const rest = (Object.keys(sets) as Filter[]).filter((filter) => filter !== except).map((filter) => sets[filter]!);
  return intersectAll(index.catalogue.all, rest);
}

/** The Pix matching every filter. */
export function matching(index: TraitIndex, filters: NftFilters): Bitset {
  return narrowedBy(index, narrowing(index, filters));
}

/** Each value of each filter with its count (NftFacets says which filters each count applies). */
export function facetsOf(index: TraitIndex, filters: NftFilters): NftFacets {
  const sets = narrowing(index, filters);
  const all = narrowedBy(index, sets);
  const { catalogue } = index;
  const countsFor = <K>(filter: Filter, values: Iterable<K>, bitsOf: (value: K) => Bitset) => {
    const base = sets[filter] ? narrowedBy(index, sets, filter) : all;
    return [...values].map((value) => ({ value, count: countShared(base, bitsOf(value)) }));
  };
  const symmetries = SYMMETRY_BY_CODE.filter((name) => catalogue.symmetry.has(name));
  return {
    total: countIds(all),
    tier: countsFor(
      "tier",
      TIER_NAMES.filter((tier) => catalogue.tier.has(tier)),
      (tier) => get(catalogue.tier, tier),
    ),
    artist: countsFor(
      "artist",
      [...catalogue.artist.keys()].sort((a, b) => a - b),
      (id) => catalogue.artist.get(id)!.bits,
    ).map((facet) => ({
      ...facet,
      name: catalogue.artist.get(facet.value)!.name,
    })),
    colorCount: countsFor(
      "colorCount",
      [...catalogue.colorCount.keys()].sort((a, b) => a - b),
      (count) => get(catalogue.colorCount, count),
    ),
    symmetry: countsFor("symmetry", symmetries, (name) => get(catalogue.symmetry, name)),
    // Every count applies the colours chosen too: what adding this one would leave.
    color: byHue([...catalogue.color.keys()]).map((rgb) => ({ value: colorHex(rgb), count: countShared(all, get(catalogue.color, rgb)) })),
    status: countsFor("status", NFT_STATUSES, (state) => get(index.status, state)),
    price: countsFor(
      "price",
      [...catalogue.price.keys()].sort((a, b) => a - b),
      (cents) => get(catalogue.price, cents),
    ),
  };
}

/** One page of `matches` in `order` (every catalogue id, sorted), with the total and the page clamped to the last. */
export function pageOf(matches: Bitset, order: Uint16Array, page: number, limit: number): { ids: number[]; total: number; page: number; totalPages: number } {
  const total = countIds(matches);
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const shown = Math.min(page, totalPages);
  const first = (shown - 1) * limit;
  const ids: number[] = [];
  let seen = 0;
  for (let i = 0; i < order.length && ids.length < limit; i++) {
    const id = order[i]!;
    if (!hasId(matches, id)) continue;
    if (seen++ >= first) ids.push(id);
  }
  return { ids, total, page: shown, totalPages };
}
