// The buyers of `bench:drop` (bench/src/drop.ts), decided before the clock starts: who pays how,
// on which chain, for which id, from which client address, when each arrives, and who abandons or
// pays with a declined card first. Seeded, so every run plans the same drop.
import { mulberry32, shuffled } from "@pixlings/test-kit/prng";

export const SEPOLIA_ID = 11155111;
export const AMOY_ID = 80002;

export interface DropBuyer {
  index: number;
  kind: "crypto" | "card";
  /** The chain a crypto buyer mints on (card orders mint on the primary chain, the API's choice). */
  chainId: number;
  /** The web process (0 or 1) the buyer's requests go to. */
  web: number;
  /** Its client address, sent as X-Forwarded-For through the trusted loopback proxy. */
  clientIp: string;
  tokenId: number;
  /** Races other buyers for one of the hot ids (a refusal is an expected answer). */
  hot: boolean;
  /** Holds its id (a voucher, or an unpaid order) and leaves. */
  abandons: boolean;
  /** Card only: pays with a declined card, then with a good one. */
  declinedFirst: boolean;
  /** When the buyer arrives, in ms after the clock starts. */
  arriveAtMs: number;
}

export interface DropPlanOptions {
  buyers: number;
  windowMs: number;
  /** How many ids the hot buyers race for. */
  hotIds: number;
  /** Hot buyers all arrive within this first part of the window (the drop's first rush). */
  hotRushMs: number;
  seed: number;
}

const DROP_SHARES = { card: 0.3, hot: 0.2, abandon: 0.1, declinedFirst: 0.2 } as const;

/** Distinct 10.x.y.z addresses, one per buyer. */
const clientIpOf = (i: number): string => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/**
 * The plan: exactly 30 % card buyers (rounded), a fifth hot (each hot id wanted by about the same
 * number of buyers), a tenth of the others abandoning, a fifth of the paying card buyers declined
 * first; crypto buyers alternate between the two chains, buyers between the web processes; each
 * buyer that is not hot wants an id of its own. Ids are 1.. upwards: the hot ones first.
 */
export function planDrop(o: DropPlanOptions): DropBuyer[] {
  if (!Number.isInteger(o.buyers) || o.buyers < 1) throw new RangeError(`buyers must be a positive integer, not ${o.buyers}`);
  const random = mulberry32(o.seed);
  const indexes = Array.from({ length: o.buyers }, (_, i) => i);
  const card = new Set(shuffled(indexes, random).slice(0, Math.round(o.buyers * DROP_SHARES.card)));
  const hotOrder = shuffled(indexes, random).slice(0, Math.round(o.buyers * DROP_SHARES.hot));
  const hotRank = new Map(hotOrder.map((buyer, rank) => [buyer, rank]));
  const hotIds = Math.min(o.hotIds, hotOrder.length);
  const calm = indexes.filter((i) => !hotRank.has(i));
  const abandons = new Set(shuffled(calm, random).slice(0, Math.round(calm.length * DROP_SHARES.abandon)));
  const payingCard = indexes.filter((i) => card.has(i) && !abandons.has(i));
  const declined = new Set(shuffled(payingCard, random).slice(0, Math.round(payingCard.length * DROP_SHARES.declinedFirst)));
  // Arrival slots spread evenly over the window (hot buyers over the rush), in a shuffled order.
  const calmSlots = shuffled(calm, random);
  const calmSlot = new Map(calmSlots.map((buyer, slot) => [buyer, slot]));
  let nextId = hotIds + 1;
  let cryptoCount = 0;
  return indexes.map((index): DropBuyer => {
    const rank = hotRank.get(index);
    const hot = rank !== undefined;
    const kind = card.has(index) ? "card" : "crypto";
    const arriveAtMs = hot
      ? Math.floor(((rank + random()) / hotOrder.length) * o.hotRushMs)
      : Math.floor(((calmSlot.get(index)! + random()) / calm.length) * o.windowMs);
    return {
      index,
      kind,
      chainId: kind === "card" ? SEPOLIA_ID : cryptoCount++ % 2 === 0 ? SEPOLIA_ID : AMOY_ID,
      web: index % 2,
      clientIp: clientIpOf(index),
      tokenId: hot ? (rank % hotIds) + 1 : nextId++,
      hot,
      abandons: abandons.has(index),
      declinedFirst: declined.has(index),
      arriveAtMs,
    };
  });
}

/** The largest id the plan asks for (the art must cover it). */
export const lastIdOf = (plan: readonly DropBuyer[]): number => Math.max(...plan.map((b) => b.tokenId));
