import { Router, type RequestHandler, type Response } from "express";
import type { Address } from "viem";
import { z } from "zod";
import { COLLECTION } from "@pixlings/shared/collection";
import type { AuthorizeRequest, ConfirmedMint, MintAuthorization, SpecificRequest } from "@pixlings/shared/http/sale";
import { requireUser } from "../auth/requireUser.ts";
import { readSessionCookie } from "../auth/sessionCookie.ts";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { HttpError, unauthorized } from "../http/HttpError.ts";
import { clientOf, hitRateLimit, hitRateLimitsInTurn, limitByClient, type RateLimit } from "../http/rateLimit.ts";
import { requestBody } from "../http/requestBody.ts";
import { route } from "../http/route.ts";
import { addressString } from "../http/schemas.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import type { LiveHold } from "../sale/liveHoldsAround.ts";
import type { SaleEvents } from "../sale/saleEvents.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import { authorizeMint, saleChainOf } from "./authorizeMint.ts";
import { confirmMint } from "./confirmMint.ts";
import { sessionAndHitsInOneStatement, signedInWalletHits } from "./signedInWalletHits.ts";
import { voucherSigner } from "./voucherSigner.ts";

const { firstTokenId, totalSupply, maxPerWallet } = COLLECTION;
const idRange = `must be a token id (${firstTokenId}..${totalSupply})`;
const tokenId = z.number({ error: idRange }).int(idRange).min(firstTokenId, idRange).max(totalSupply, idRange);
const tokenIds = z
  .array(tokenId, { error: "must be a list of token ids" })
  .min(1, "must name at least one Pix")
  .max(maxPerWallet, `at most ${maxPerWallet} Pix per order`)
  .refine((ids) => new Set(ids).size === ids.length, "must not repeat a Pix");
const chainId = z.number({ error: "must be a chain id" }).int("must be a chain id").positive("must be a chain id");

const AuthorizeBody = requestBody<AuthorizeRequest>()(z.object({ tokenIds, chainId }));
const SpecificBody = requestBody<SpecificRequest>()(
  z.object({
    tokenId: tokenId.optional(),
    tokenIds: tokenIds.optional(),
    paymentMethod: z.literal("crypto", { error: 'must be "crypto"' }),
    walletAddress: addressString,
    chainId,
    transactionHash: z
      .string({ error: "must be a transaction hash" })
      .regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hash")
      .transform((h) => h.toLowerCase() as `0x${string}`),
  }),
);

const SIGN_IN_FIRST = "Sign in with Ethereum first";

export interface MintRouterDeps {
  config: ApiConfig;
  db: Db;
  indexer: IndexerReader;
  events: SaleEvents;
}

/** Crypto sales: `POST /api/mint/authorize` (vouchers), `POST /api/mint/specific`. */
export function mintRouter({ config, db, indexer, events }: MintRouterDeps): Router {
  const router = Router();
  const { sale } = config;
  const signer = voucherSigner(sale.signerKey);
  // Only these routes count these limits: on PGlite they are kept in this process (rateLimit.ts).
  const perMinute = (name: string, limit: number): RateLimit => ({ name, limit, windowMs: 60_000, inProcessWhenAlone: true });
  const authorizePerClient = perMinute("authorize-client", sale.ipPerMinute);
  const authorizePerAddress = perMinute("authorize-address", sale.authorizePerMinute);
  const confirmPerClient = perMinute("confirm-client", sale.ipPerMinute);
  const sessionAndHits = sessionAndHitsInOneStatement(db, authorizePerClient, authorizePerAddress)
    ? signedInWalletHits(db, authorizePerClient, authorizePerAddress)
    : undefined;

  /**
   * The session's wallet (vouchers go only there), or 401, after one hit on the client's limit;
   * then one on the address's. A signed-in buyer's two hits are one statement (hitRateLimitsInTurn).
   */
  const signedInWallet: RequestHandler = async (req, res, next) => {
    const client = { rule: authorizePerClient, subject: clientOf(req) };
    if (sessionAndHits) {
      // Postgres: the session, both hits and (for a valid body; else the route answers 400) the holds around the request in one statement.
      const tokenIds = AuthorizeBody.safeParse(req.body).data?.tokenIds;
      const { user, liveHolds } = await sessionAndHits({ cookieValue: readSessionCookie(req), secret: config.sessionSecret, client: client.subject, tokenIds });
      if (!user?.walletAddress) throw unauthorized(SIGN_IN_FIRST);
      res.locals.user = user;
      res.locals.liveHolds = liveHolds;
      next();
      return;
    }
    const user = await requireUser(req, db, config).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 401) return undefined;
      throw error;
    });
    // A user without a wallet (e.g. signed in another way) must sign in with Ethereum to buy.
    if (!user?.walletAddress) {
      await hitRateLimit(db, client.rule, client.subject);
      throw unauthorized(SIGN_IN_FIRST);
    }
    await hitRateLimitsInTurn(db, client, { rule: authorizePerAddress, subject: user.walletAddress });
    res.locals.user = user;
    next();
  };

  router.post(
    "/api/mint/authorize",
    signedInWallet,
    route({ body: AuthorizeBody }, async ({ body }, req, res: Response<MintAuthorization>) => {
      const user = res.locals.user as SessionUser & { walletAddress: Address };
      saleChainOf(sale, body.chainId);
      const liveHolds = res.locals.liveHolds as LiveHold[] | undefined;
      const authorization = await authorizeMint(
        { db, indexer, sale, signer, events },
        { userId: user.id, recipient: user.walletAddress, clientKey: clientOf(req), ...body, ...(liveHolds ? { liveHolds } : {}) },
      );
      res.set("Cache-Control", "no-store").json(authorization);
    }),
  );

  router.post(
    "/api/mint/specific",
    limitByClient(db, confirmPerClient),
    route({ body: SpecificBody }, async ({ body }, _req, res: Response<ConfirmedMint>) => {
      const chain = saleChainOf(sale, body.chainId);
      const claimedIds = [...new Set([...(body.tokenIds ?? []), ...(body.tokenId === undefined ? [] : [body.tokenId])])];
      // Verified from the chain, and only shown: the ids stay reserved until the indexer shows the
      // mint final (a reorg could still drop it while the voucher is valid).
      const minted = await confirmMint(chain, { hash: body.transactionHash, wallet: body.walletAddress, claimedIds });
      res.set("Cache-Control", "no-store").json(minted);
    }),
  );
  return router;
}
