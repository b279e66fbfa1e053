// The trait explorer's engine (bitsets per trait value) against a brute-force oracle that filters
// and counts piece by piece, over random catalogues and random queries.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { SYMMETRY_BY_CODE } from "@pixlings/shared/art/symmetry";
import { COLLECTION } from "@pixlings/shared/collection";
import { NFT_STATUSES, type NftFilters, type NftStatus } from "@pixlings/shared/http/nfts";
import { colorHex } from "@pixlings/shared/http/nftQuery";
import { TIER_NAMES, type TierName } from "@pixlings/shared/tiers";
import { mulberry32 } from "@pixlings/test-kit/prng";
import { idsOf } from "../market/bitset.ts";
import { indexCatalogue, indexStatuses, type PieceTraits, type StaticSort } from "../market/traitIndex.ts";
import { facetsOf, matching, pageOf, type TraitIndex } from "./explore.ts";

const PRICE: Record<TierName, number> = { Common: 3500, Rare: 10500, Artist: 45500 };
const COLOR_POOL = Array.from({ length: 24 }, (_, i) => (i * 0x0a1b2c + 0x102030) & 0xffffff);
const ARTISTS = [1, 2, 3, 4];

interface World {
  pieces: PieceTraits[];
  states: Map<number, NftStatus[]>;
  index: TraitIndex;
}

function randomWorld(random: () => number): World {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const density = 0.02 + random() * 0.98;
  const pieces: PieceTraits[] = [];
  for (let id = COLLECTION.firstTokenId; id <= COLLECTION.totalSupply; id++) {
    if (random() > density) continue;
    const tier = pick(TIER_NAMES);
    const artistId = random() < 0.3 ? pick(ARTISTS) : undefined;
    const palette = random() < 0.05 ? [] : COLOR_POOL.filter(() => random() < 0.2);
    pieces.push({
      tokenId: id,
      tier,
      artist: artistId === undefined ? null : { id: artistId, name: `Artist ${artistId}` },
      colorCount: 1 + Math.floor(random() * COLLECTION.maxColors),
      symmetry: pick(SYMMETRY_BY_CODE),
      palette,
      priceCents: PRICE[tier],
    });
  }
  const states = new Map<number, NftStatus[]>();
  for (const piece of pieces) {
    const roll = random();
    const minted: NftStatus = random() < 0.7 ? "minted-ethereum" : "minted-polygon";
    states.set(
      piece.tokenId,
      roll < 0.5 ? ["available"] : roll < 0.6 ? ["reserved"] : roll < 0.8 ? [minted] : minted === "minted-ethereum" ? [minted, "card"] : [minted],
    );
  }
  return { pieces, states, index: { catalogue: indexCatalogue(pieces), status: indexStatuses(states) } };
}

/** Some of `values` (often none), with now and then a value no piece has. */
function someOf<T>(random: () => number, values: readonly T[], stranger?: T): T[] {
  if (random() < 0.45) return [];
  const chosen = values.filter(() => random() < 0.3);
  if (stranger !== undefined && random() < 0.15) chosen.push(stranger);
  return chosen;
}

function randomFilters(random: () => number): NftFilters {
  const prices = Object.values(PRICE);
  const around = () => (random() < 0.5 ? prices[Math.floor(random() * prices.length)]! : Math.floor(random() * 50_000));
  const [a, b] = [around(), around()];
  const statuses = random() < 0.2 ? "any" : random() < 0.5 ? ["available" as const] : someOf(random, NFT_STATUSES);
  return {
    tiers: someOf(random, TIER_NAMES),
    artists: someOf(random, ARTISTS, 99),
    colorCounts: someOf(random, [1, 2, 3, 5, 8, 13, 16]),
    symmetries: someOf(random, SYMMETRY_BY_CODE),
    colors: random() < 0.6 ? [] : someOf(random, COLOR_POOL.slice(0, 8), 0x123456).slice(0, 3).map(colorHex),
    statuses,
    minUsdCents: random() < 0.7 ? undefined : Math.min(a, b),
    maxUsdCents: random() < 0.7 ? undefined : Math.max(a, b),
  };
}

type Check = "tier" | "artist" | "colorCount" | "symmetry" | "color" | "status" | "price";

/** The oracle: which filters one piece passes. */
function checksOf(world: World, piece: PieceTraits, filters: NftFilters): Record<Check, boolean> {
  const states = world.states.get(piece.tokenId)!;
  return {
    tier: filters.tiers.length === 0 || filters.tiers.includes(piece.tier),
    artist: filters.artists.length === 0 || (piece.artist !== null && filters.artists.includes(piece.artist.id)),
    colorCount: filters.colorCounts.length === 0 || filters.colorCounts.includes(piece.colorCount),
    symmetry: filters.symmetries.length === 0 || (filters.symmetries as string[]).includes(piece.symmetry),
    color: filters.colors.every((hex) => piece.palette.includes(Number.parseInt(hex, 16))),
    status: filters.statuses === "any" || filters.statuses.length === 0 || filters.statuses.some((state) => states.includes(state)),
    price: piece.priceCents >= (filters.minUsdCents ?? 0) && piece.priceCents <= (filters.maxUsdCents ?? Number.POSITIVE_INFINITY),
  };
}

const CHECKS: readonly Check[] = ["tier", "artist", "colorCount", "symmetry", "color", "status", "price"];

/** The oracle's answers to one query: pieces passing every filter, and every filter but one. */
function oracle(world: World, filters: NftFilters) {
  const checked = world.pieces.map((piece) => ({ piece, checks: checksOf(world, piece, filters) }));
  const passingBut = (skip?: Check) => checked.filter(({ checks }) => CHECKS.every((check) => check === skip || checks[check])).map(({ piece }) => piece);
  const all = passingBut();
  const butOne = new Map(CHECKS.map((check) => [check, passingBut(check)]));
  /** How many pieces passing every filter but `skip` have each value of `valuesOf`. */
  const tally = <V>(skip: Check | undefined, valuesOf: (piece: PieceTraits) => readonly V[]): Map<V, number> => {
    const counts = new Map<V, number>();
    for (const piece of skip ? butOne.get(skip)! : all) for (const value of valuesOf(piece)) counts.set(value, (counts.get(value) ?? 0) + 1);
    return counts;
  };
  return { all, tally };
}

const ORDER_KEYS: Record<StaticSort, (piece: PieceTraits) => number> = {
  id: () => 0,
  price: (piece) => piece.priceCents,
  "-price": (piece) => -piece.priceCents,
  colorCount: (piece) => piece.colorCount,
  "-colorCount": (piece) => -piece.colorCount,
};

describe("the trait explorer's engine", () => {
  it("finds, counts and pages exactly what a piece-by-piece oracle does, over random catalogues and queries", () => {
    for (let seed = 1; seed <= 10; seed++) {
      const random = mulberry32(seed);
      const world = randomWorld(random);
      for (let q = 0; q < 25; q++) {
        const filters = randomFilters(random);
        const what = `seed ${seed}, query ${q}: ${JSON.stringify(filters)}`;
        const { all, tally } = oracle(world, filters);
        const expected = all.map((piece) => piece.tokenId);
        const found = matching(world.index, filters);
        assert.deepEqual(idsOf(found), expected, what);

        const facets = facetsOf(world.index, filters);
        assert.equal(facets.total, expected.length, what);
        const expectCounts = <V>(facet: string, got: readonly { value: V; count: number }[], want: Map<V, number>) =>
          assert.deepEqual(
            got.map(({ value, count }) => [value, count]),
            got.map(({ value }) => [value, want.get(value) ?? 0]),
            `${what}: ${facet}`,
          );
        expectCounts(
          "tier",
          facets.tier,
          tally("tier", (p) => [p.tier]),
        );
        expectCounts(
          "artist",
          facets.artist,
          tally("artist", (p) => (p.artist ? [p.artist.id] : [])),
        );
        assert.ok(facets.artist.every(({ value, name }) => name === `Artist ${value}`));
        expectCounts(
          "colorCount",
          facets.colorCount,
          tally("colorCount", (p) => [p.colorCount]),
        );
        expectCounts(
          "symmetry",
          facets.symmetry,
          tally("symmetry", (p) => [p.symmetry]),
        );
        expectCounts(
          "status",
          facets.status,
          tally("status", (p) => world.states.get(p.tokenId)!),
        );
        expectCounts(
          "price",
          facets.price,
          tally("price", (p) => [p.priceCents]),
        );
        // A colour's count keeps the colours chosen: what adding it leaves.
        const colors = facets.color.map(({ value, count }) => ({ value: Number.parseInt(value, 16), count }));
        expectCounts(
          "color",
          colors,
          tally(undefined, (p) => p.palette),
        );
        // Every value present in the catalogue is offered, even at 0.
        assert.deepEqual(new Set(facets.color.map((c) => c.value)), new Set(world.pieces.flatMap((p) => p.palette).map(colorHex)));
        assert.deepEqual(
          facets.artist.map((a) => a.value),
          [...new Set(world.pieces.flatMap((p) => (p.artist ? [p.artist.id] : [])))].sort((a, b) => a - b),
        );

        const sort = (Object.keys(ORDER_KEYS) as StaticSort[])[q % 5]!;
        const key = ORDER_KEYS[sort];
        const sorted = [...all].sort((a, b) => key(a) - key(b) || a.tokenId - b.tokenId).map((piece) => piece.tokenId);
        const limit = 1 + Math.floor(random() * 100);
        const totalPages = Math.max(1, Math.ceil(sorted.length / limit));
        for (const page of [1, 2, totalPages, totalPages + 1 + Math.floor(random() * 1000)]) {
          const shown = Math.min(page, totalPages);
          assert.deepEqual(
            pageOf(found, world.index.catalogue.orders[sort], page, limit),
            { ids: sorted.slice((shown - 1) * limit, shown * limit), total: sorted.length, page: shown, totalPages },
            `${what} ${sort} page ${page} of ${limit}`,
          );
        }
      }
    }
  });

  it("an empty catalogue answers nothing, one page, and no values to offer", () => {
    const index: TraitIndex = { catalogue: indexCatalogue([]), status: indexStatuses([]) };
    const filters: NftFilters = { ...randomFilters(mulberry32(7)), statuses: "any" };
    assert.deepEqual(idsOf(matching(index, filters)), []);
    assert.deepEqual(pageOf(matching(index, filters), index.catalogue.orders.id, 5, 100), { ids: [], total: 0, page: 1, totalPages: 1 });
    const facets = facetsOf(index, filters);
    assert.deepEqual([facets.total, facets.tier, facets.artist, facets.color], [0, [], [], []]);
    assert.deepEqual(
      facets.status.map((s) => s.count),
      NFT_STATUSES.map(() => 0),
    );
  });
});
