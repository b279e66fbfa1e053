import type { Db } from "../db/openDatabase.ts";
import type { ChainTierPrices, IndexerReader } from "../indexer/indexerReader.ts";
import type { ArtStore } from "../pixlings/artStore.ts";
import { createCatalogueCache } from "./catalogueCache.ts";
import type { CatalogueEntry } from "./loadCatalogue.ts";
import { type CardBuyer, loadCardBuyers, sameBuyers } from "../sale/cardBuyers.ts";
import { liveReservations } from "../sale/liveReservations.ts";
import type { SaleEvents } from "../sale/saleEvents.ts";
import { mintedIndex } from "./mintedIndex.ts";
import type { MintedIndex } from "./tokenMirror.ts";
import { LOAD_TIMEOUT_MS, MAX_STALE_MS } from "./freshness.ts";
import { nextStamp, type Stamped } from "./stamp.ts";
import { staleWhileRevalidate } from "./staleWhileRevalidate.ts";

/** Reservations and card orders change only through this API; 250 ms bounds what another API process may miss. */
const RESERVATIONS_MAX_AGE_MS = 250;
/** Tier prices change only by an owner's transaction. */
const PRICES_MAX_AGE_MS = 5_000;

/** Story edits made through another API process show within about this long (one small query per second at most). */
export const STORIES_PROBE_MS = 1_000;
/** The generated text changes only when a process re-seeds the catalogue at its start. */
const CATALOGUE_FULL_RELOAD_MS = 24 * 3_600_000;

/** Everything the read routes show, as of one moment. */
export interface MarketState {
  /** Changes whenever anything below may have changed: a cache key for derived answers. */
  version: string;
  catalogue: ReadonlyMap<number, CatalogueEntry>;
  minted: MintedIndex;
  /** Ids under a live reservation, with the earliest time each may be released. */
  reserved: ReadonlyMap<number, Date>;
  /** The card and freemint buyers of Pix paid for (card-owned while custody holds them). */
  cardBuyers: ReadonlyMap<number, CardBuyer>;
  /** The custody address (lower case) on the primary chain, when custody sales are on. */
  custody: { address: string; chainId: number } | undefined;
  prices: readonly ChainTierPrices[];
  art: ArtStore;
}

export interface Market {
  state(): Promise<MarketState>;
  /** After this process edited a story: the next read waits for the edit (other processes see it within STORIES_PROBE_MS). */
  invalidateCatalogue(): void;
}

const bigintText = (_key: string, value: unknown): unknown => (typeof value === "bigint" ? value.toString() : value);
const sameReservations = (a: ReadonlyMap<number, Date>, b: ReadonlyMap<number, Date>): boolean =>
  a.size === b.size && [...a].every(([id, until]) => b.get(id)?.getTime() === until.getTime());

export interface MarketDeps {
  db: Db;
  indexer: IndexerReader;
  art: ArtStore;
  /** Custody sales: the custody address and chain, and the secret that makes buyer tokens. */
  custody?: { address: string; chainId: number; secret: string } | undefined;
  /** The sale's announcements: a hold or a card order changed, the next read reloads them. */
  saleEvents?: SaleEvents | undefined;
}

interface Holds {
  reserved: Map<number, Date>;
  cardBuyers: Map<number, CardBuyer>;
}

/** The market view over the API's database, the indexer and the art in memory. */
export function createMarket({ db, indexer, art, custody, saleEvents }: MarketDeps): Market {
  const minted = mintedIndex(indexer);
  let lastReserved: Stamped<Holds> | undefined;
  const reserved = staleWhileRevalidate(
    async () => {
      const [holds, buyers] = await Promise.all([liveReservations(db), custody ? loadCardBuyers(db, custody.secret) : new Map<number, CardBuyer>()]);
      // Same content keeps the same stamp, so cached pages survive an unchanged reload.
      if (!lastReserved || !sameReservations(lastReserved.value.reserved, holds) || !sameBuyers(lastReserved.value.cardBuyers, buyers)) {
        lastReserved = { stamp: nextStamp(), value: { reserved: holds, cardBuyers: buyers } };
      }
      return lastReserved;
    },
    { maxAgeMs: RESERVATIONS_MAX_AGE_MS, maxStaleMs: MAX_STALE_MS, timeoutMs: LOAD_TIMEOUT_MS },
  );
  saleEvents?.subscribe((changes) => {
    if (changes.has("holds")) reserved.invalidate();
  });
  let lastPrices: Stamped<ChainTierPrices[]> | undefined;
  const prices = staleWhileRevalidate(
    async () => {
      const next = await indexer.tierPrices();
      if (!lastPrices || JSON.stringify(lastPrices.value, bigintText) !== JSON.stringify(next, bigintText)) lastPrices = { stamp: nextStamp(), value: next };
      return lastPrices;
    },
    { maxAgeMs: PRICES_MAX_AGE_MS, maxStaleMs: MAX_STALE_MS, timeoutMs: LOAD_TIMEOUT_MS },
  );
  // Custom names and stories, edited through any API process sharing the database.
  const catalogue = createCatalogueCache(db, { probeMs: STORIES_PROBE_MS, fullReloadMs: CATALOGUE_FULL_RELOAD_MS, timeoutMs: LOAD_TIMEOUT_MS });

  return {
    async state() {
      const [m, r, p, c] = await Promise.all([minted.get(), reserved.get(), prices.get(), catalogue.get(), art.get(1)]);
      return {
        version: `${m.stamp}.${r.stamp}.${p.stamp}.${c.stamp}.${art.generation}`,
        catalogue: c.value,
        minted: m,
        reserved: r.value.reserved,
        cardBuyers: r.value.cardBuyers,
        custody: custody && { address: custody.address.toLowerCase(), chainId: custody.chainId },
        prices: p.value,
        art,
      };
    },
    invalidateCatalogue: () => catalogue.invalidate(),
  };
}
