import { Router, type Response } from "express";
import { and, eq } from "drizzle-orm";
import { isAddressEqual, type Address } from "viem";
import { z } from "zod";
import type { MintToWalletRequest, MintToWalletResponse } from "@pixlings/shared/http/owners";
import { signedInOnly, userOf } from "../auth/roles.ts";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { orderJobs } from "../db/tables/orderJobs.ts";
import { CodedError, HttpError } from "../http/HttpError.ts";
import { requestBody } from "../http/requestBody.ts";
import { route } from "../http/route.ts";
import { addressString, tokenIdString } from "../http/schemas.ts";
import type { Market } from "../market/market.ts";
import type { SaleEvents } from "../sale/saleEvents.ts";
import { cardBuyerOf } from "../nfts/toNft.ts";
import { custodyStatusOf } from "../sale/custodyStatus.ts";
import type { OrderJob } from "./orderJobRow.ts";

const Body = requestBody<MintToWalletRequest>()(z.object({ walletAddress: addressString.transform((address): string => address) }));
/** How long the answer waits for the transfer to be sent (it goes on anyway). */
const WAIT_FOR_SEND_MS = 15_000;

const viewOf = (job: OrderJob): MintToWalletResponse => ({
  tokenId: job.tokenId!,
  walletAddress: job.toAddress!,
  chainId: job.chainId,
  txHash: job.txHash,
  status: job.state === "done" ? "confirmed" : job.txHash ? "pending" : "queued",
});

async function transferOf(db: Db, tokenId: number): Promise<OrderJob | undefined> {
  const [job] = await db
    .select()
    .from(orderJobs)
    .where(and(eq(orderJobs.kind, "transfer"), eq(orderJobs.tokenId, tokenId)));
  return job;
}

/**
 * `POST /api/owner/pixlings/{tokenId}/mint-to-wallet` (signed in): custody transfers a card Pix to
 * a wallet linked to its buyer (proven by Sign-In with Ethereum when linked). Only the buyer (403
 * otherwise), once per Pix: asking again answers the same transfer (409 for another wallet).
 * Refused with 409 `frozen` while the Pix's order is frozen, and `transfer_hold` (with its end)
 * during the cooling-off after a card payment (CARD_TRANSFER_HOLD_SECONDS; freemint Pix have none).
 */
export function mintToWalletRouter(deps: { config: ApiConfig; db: Db; market: Market; events: SaleEvents }): Router {
  const { config, db, market } = deps;
  const router = Router();
  router.post(
    "/api/owner/pixlings/:tokenId/mint-to-wallet",
    signedInOnly({ db, config }),
    route({ params: z.object({ tokenId: tokenIdString }), body: Body }, async ({ params, body }, _req, res: Response<MintToWalletResponse>) => {
      const user = userOf(res);
      const wallet = body.walletAddress as Address;
      let job = await transferOf(db, params.tokenId);
      if (job && job.userId !== user.id) throw new HttpError(403, "Only this Pix's card buyer can mint it to a wallet");
      if (job && job.state !== "failed") {
        if (!isAddressEqual(job.toAddress as Address, wallet)) throw new HttpError(409, `Pix #${params.tokenId} is already being minted to ${job.toAddress}`);
        res.set("Cache-Control", "no-store").json(viewOf(job));
        return;
      }
      const chain = config.custody && config.sale.chains[0];
      if (!chain) throw new HttpError(503, "Mint to Wallet is not available on this site right now");
      const buyer = cardBuyerOf(await market.state(), params.tokenId);
      if (!buyer || buyer.userId !== user.id) throw new HttpError(403, "Only this Pix's card buyer can mint it to a wallet, while it is held for them");
      const custody = (await custodyStatusOf(db, [params.tokenId], config.cardTransferHoldSeconds)).get(params.tokenId);
      if (custody?.frozen) {
        throw new CodedError(`Pix #${params.tokenId} cannot be moved to a wallet: ${custody.frozen.reason}`, { code: "frozen", ...custody.frozen });
      }
      if (custody?.transferableFrom && custody.transferableFrom.getTime() > Date.now()) {
        const until = custody.transferableFrom.toISOString();
        throw new CodedError(`Pix #${params.tokenId} can move to your wallet from ${until}: a card payment is held for a cooling-off period first`, {
          code: "transfer_hold",
          until,
        });
      }
      if (!user.linkedWallets.some((linked) => isAddressEqual(linked as Address, wallet))) {
        throw new HttpError(403, `${wallet} is not linked to your account: link it first (Sign-In with Ethereum proves it is yours)`);
      }
      // A failed transfer asked again starts over: nothing of its last try is taken for this one.
      const values = {
        state: "queued" as const,
        toAddress: wallet,
        userId: user.id,
        chainId: chain.chainId,
        attempts: 0,
        lastError: null,
        txHash: null,
        nonce: null,
        rawTx: null,
        lockedBy: null,
        lockedUntil: null,
        runAfter: new Date(),
      };
      if (job) await db.update(orderJobs).set(values).where(eq(orderJobs.id, job.id));
      else
        await db
          .insert(orderJobs)
          .values({ kind: "transfer", tokenId: params.tokenId, ...values })
          .onConflictDoNothing();
      deps.events.changed("jobs");
      const deadline = Date.now() + WAIT_FOR_SEND_MS;
      job = await transferOf(db, params.tokenId);
      while (job && !job.txHash && job.state !== "failed" && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        job = await transferOf(db, params.tokenId);
      }
      if (!job) throw new Error(`transfer of Pix #${params.tokenId} was not stored`);
      if (job.userId !== user.id) throw new HttpError(403, "Only this Pix's card buyer can mint it to a wallet");
      if (job.state === "failed") throw new HttpError(409, `Pix #${params.tokenId} could not be minted to your wallet: ${job.lastError ?? "unknown reason"}`);
      res
        .status(job.txHash ? 200 : 202)
        .set("Cache-Control", "no-store")
        .json(viewOf(job));
    }),
  );
  return router;
}
