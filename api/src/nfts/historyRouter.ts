import { Router, type Response } from "express";
import { z } from "zod";
import type { PixHistory, PixHistoryEvent } from "@pixlings/shared/http/nfts";
import { notFound } from "../http/HttpError.ts";
import { route } from "../http/route.ts";
import { tokenIdString } from "../http/schemas.ts";
import type { IndexedTokenEvent, IndexerReader } from "../indexer/indexerReader.ts";
import type { Market } from "../market/market.ts";

const KIND: Record<IndexedTokenEvent["kind"], PixHistoryEvent["kind"]> = { mint: "minted", transfer: "moved", art: "art-replaced" };

/**
 * `GET /api/nfts/token/{tokenId}/history` (anyone): the Pix's mint, moves and art replacements on
 * every chain, from the indexer's `token_event` table, read fresh; the custody address is marked
 * (a card buyer's Pix held for them), never who the buyer is.
 */
export function historyRouter({ indexer, market }: { indexer: IndexerReader; market: Market }): Router {
  const router = Router();
  router.get(
    "/api/nfts/token/:tokenId/history",
    route({ params: z.object({ tokenId: tokenIdString }) }, async ({ params }, _req, res: Response<PixHistory>) => {
      const [state, events] = await Promise.all([market.state(), indexer.tokenHistory(params.tokenId)]);
      if (!state.catalogue.has(params.tokenId)) throw notFound(`No NFT found with token ID ${params.tokenId}`);
      const custody = state.custody;
      const isCustody = (chainId: number, address: string | null): boolean =>
        custody !== undefined && address !== null && chainId === custody.chainId && address.toLowerCase() === custody.address;
      res.set("Cache-Control", "no-cache").json({
        tokenId: params.tokenId,
        events: events.map((event) => ({
          kind: KIND[event.kind],
          chainId: event.chainId,
          at: event.at.toISOString(),
          txHash: event.txHash,
          from: event.from,
          to: event.to,
          fromCustody: isCustody(event.chainId, event.from),
          toCustody: isCustody(event.chainId, event.to),
        })),
      });
    }),
  );
  return router;
}
