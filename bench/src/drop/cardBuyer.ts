// A card buyer of the drop: Google sign-in at the stand-in, `POST /api/cart/checkout`, the
// stand-in's card through the real `stripe` SDK (a declined card first for some), then, as the
// order page does, `GET /api/nfts/token/{id}` until the Pix shows card-owned (the webhook, the
// worker's custody mint and the indexer in between).
import type { CheckoutResponse } from "@pixlings/shared/http/checkout";
import type { Nft } from "@pixlings/shared/http/nfts";
import { fixtureCardPrice, intentIdOf } from "@pixlings/test-kit/cardShop";
import { googleSignIn } from "@pixlings/test-kit/localGoogle";
import type { TestStripe } from "@pixlings/test-kit/localStripe";
import type { DropBuyer } from "./plan.ts";
import { buyerJar, lostRace, postUntilOpen, type DropRecord, type Jar, type Outcome } from "./record.ts";

/** As often as the order page asks about its order (web/src/orders/useCardOrder.ts): the load of real buyers, and the figure's resolution. */
const POLL_MS = 1_000;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves when the grace after the last payment has ended (set once every buyer is done). */
export interface Grace {
  endsAt: number;
}

/** Whether the Pix shows card-owned; any other answer (a 5xx is noted by the jar) is a "not yet", as the page polls on. */
async function cardOwned(jar: Jar, id: number): Promise<boolean> {
  const res = await jar.fetch(`/api/nfts/token/${id}`).catch(() => undefined);
  if (res?.status !== 200) return false;
  const nft = (await res.json().catch(() => undefined)) as Nft | undefined;
  return nft?.ownerType === "card";
}

export interface CardPurchase {
  outcome: Outcome;
  /** For a paid order: resolves once the Pix is card-owned or the grace is over. */
  fulfilled?: Promise<void>;
}

export async function runCardBuyer(p: {
  buyer: DropBuyer;
  webUrl: string;
  stripe: TestStripe["stripe"];
  record: DropRecord;
  grace: Grace;
}): Promise<CardPurchase> {
  const { buyer, record } = p;
  const jar = buyerJar(p.webUrl, buyer.clientIp, record);
  const signedIn = await googleSignIn(p.webUrl, { email: `drop-buyer-${buyer.index}@pixlings.test` }, "/", jar);
  if (signedIn.location !== "/") throw new Error(`Google sign-in ended at ${signedIn.location}`);
  const checkout = await postUntilOpen(
    jar,
    "/api/cart/checkout",
    { tokenIds: [buyer.tokenId], paymentMethod: "card", totalAmount: fixtureCardPrice(buyer.tokenId) },
    record,
    record.checkoutMs,
  );
  if (buyer.hot && lostRace(checkout)) return { outcome: "refused" };
  if (checkout.status !== 200) throw new Error(`checkout #${buyer.tokenId}: ${checkout.status} ${JSON.stringify(checkout.body)}`);
  if (buyer.abandons) return { outcome: "abandoned" };
  const intent = intentIdOf((checkout.body as unknown as CheckoutResponse).clientSecret);
  if (buyer.declinedFirst) {
    const declined = await p.stripe.paymentIntents.confirm(intent, { payment_method: "pm_card_chargeDeclined" }).then(
      () => undefined,
      (error: unknown) => error,
    );
    if (!(declined instanceof Error && "code" in declined && declined.code === "card_declined"))
      throw new Error(`the declined card of #${buyer.tokenId} was not declined: ${String(declined)}`);
    record.declinedCards += 1;
  }
  const paid = await p.stripe.paymentIntents.confirm(intent, { payment_method: "pm_card_visa" });
  if (paid.status !== "succeeded") throw new Error(`payment of #${buyer.tokenId}: ${paid.status}`);
  const paidAt = performance.now();
  const paidAtWall = Date.now();
  const fulfilled = (async () => {
    for (;;) {
      if (await cardOwned(jar, buyer.tokenId)) {
        record.fulfilMs.push(performance.now() - paidAt);
        record.fulfilled.set(buyer.tokenId, { paidAt: paidAtWall, ownedAt: Date.now() });
        return;
      }
      if (performance.now() > p.grace.endsAt) {
        record.unfulfilled.push(buyer.tokenId);
        return;
      }
      await sleep(POLL_MS);
    }
  })();
  return { outcome: "bought", fulfilled };
}
