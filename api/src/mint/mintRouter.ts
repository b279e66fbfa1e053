import { Router } from "express";
import { privateKeyToAccount } from "viem/accounts";
import { z } from "zod";
import { COLLECTION } from "@pixlings/shared/collection";
import { requireUser } from "../auth/requireUser.ts";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { HttpError } from "../http/HttpError.ts";
import { limitByIp, RateLimiter } from "../http/rateLimit.ts";
import { route } from "../http/route.ts";
import { addressString } from "../http/schemas.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import type { Market } from "../market/market.ts";
import { authorizeMint, saleChainOf } from "./authorizeMint.ts";
import { confirmMint } from "./confirmMint.ts";
import { indexedTimes } from "./indexedTimes.ts";
import { releaseExpired, releaseMinted } from "./releaseReservations.ts";

const { firstTokenId, totalSupply, maxPerWallet } = COLLECTION;
const tokenId = z.number({ error: "must be a number" }).int("must be a whole number").min(firstTokenId).max(totalSupply);
const tokenIds = z
  .array(tokenId, { error: "must be a list of token ids" })
  .min(1, "must name at least one Pix")
  .max(maxPerWallet, `at most ${maxPerWallet} Pix per order`)
  .refine((ids) => new Set(ids).size === ids.length, "must not repeat a Pix");
const chainId = z.number({ error: "must be a chain id" }).int().positive();

const AuthorizeBody = z.object({ tokenIds, chainId });
const SpecificBody = z.object({
  tokenId: tokenId.optional(),
  tokenIds: tokenIds.optional(),
  paymentMethod: z.literal("crypto", { error: 'must be "crypto"' }),
  walletAddress: addressString,
  chainId,
  transactionHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hash").transform((h) => h.toLowerCase() as `0x${string}`),
});

export interface MintRouterDeps {
  config: ApiConfig;
  db: Db;
  indexer: IndexerReader;
  market: Market;
}


/** Crypto sales: `GET /api/chains`, `POST /api/mint/authorize` (vouchers), `POST /api/mint/specific`. */
export function mintRouter({ config, db, indexer, market }: MintRouterDeps): Router {
  const router = Router();
  const { sale } = config;
  const signer = privateKeyToAccount(sale.signerKey);
  const perAddress = new RateLimiter(sale.authorizePerMinute);
  const perIp = new RateLimiter(sale.ipPerMinute);
  // Releases reservations whose voucher's chain is indexed past their holdUntil. Periodically, and
  // before each authorize so a Pix frees up as soon as the chain says its voucher is dead.
  const sweep = async (): Promise<void> => {
    const released = await releaseExpired(db, await indexedTimes(config.indexerUrl));
    if (released > 0) market.invalidateReservations();
  };
  setInterval(() => void sweep().catch(() => undefined), sale.sweepIntervalMs).unref();

  router.get(
    "/api/chains",
    route({}, (_input, _req, res) => {
      res.set("Cache-Control", "no-cache").json(
        sale.chains.map((c, i) => ({
          chainId: c.chainId,
          name: c.name,
          network: c.network,
          coin: c.coin,
          contract: c.contract,
          rpcUrl: c.rpcUrl,
          explorerUrl: c.explorerUrl,
          gasLabel: c.gasLabel,
          primary: i === 0,
        })),
      );
    }),
  );

  router.post(
    "/api/mint/authorize",
    limitByIp(perIp),
    route({ body: AuthorizeBody }, async ({ body }, req, res) => {
      const user = await requireUser(req, db, config).catch(() => {
        throw new HttpError(401, "Sign in with Ethereum first");
      });
      if (!user.walletAddress) throw new HttpError(403, "Sign in with Ethereum first: vouchers go to your wallet");
      perAddress.hit(user.walletAddress);
      await sweep().catch(() => undefined);
      try {
        res.set("Cache-Control", "no-store").json(await authorizeMint({ db, indexer, sale, signer }, { userId: user.id, recipient: user.walletAddress as `0x${string}`, ...body }));
      } finally {
        market.invalidateReservations();
      }
    }),
  );

  router.post(
    "/api/mint/specific",
    route({ body: SpecificBody }, async ({ body }, _req, res) => {
      const chain = saleChainOf(sale, body.chainId);
      const claimedIds = body.tokenIds ?? (body.tokenId === undefined ? [] : [body.tokenId]);
      const minted = await confirmMint(chain, { hash: body.transactionHash, wallet: body.walletAddress, claimedIds });
      if ((await releaseMinted(db, minted.tokenIds)) > 0) market.invalidateReservations();
      res.set("Cache-Control", "no-store").json(minted);
    }),
  );
  return router;
}
