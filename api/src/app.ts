import express, { type Express } from "express";
import helmet from "helmet";
import type { Logger } from "pino";
import type { Client } from "viem";
import { accountDataRouter } from "./account/accountDataRouter.ts";
import { accountRouter } from "./auth/accountRouter.ts";
import { adminUsersRouter } from "./admin/adminUsersRouter.ts";
import { activityRouter } from "./activity/activityRouter.ts";
import { artAndAdminRoutes } from "./admin/artAndAdminRoutes.ts";
import { authRouter } from "./auth/authRouter.ts";
import { googleRouter } from "./auth/googleRouter.ts";
import { chainsRouter } from "./chains/chainsRouter.ts";
import { rpcConnectSrc } from "./chains/rpcConnectSrc.ts";
import { privateKeyToAccount } from "viem/accounts";
import { cardOrderRouter } from "./checkout/cardOrderRouter.ts";
import { checkoutRouter } from "./checkout/checkoutRouter.ts";
import { startCardExpiry } from "./sale/startCardExpiry.ts";
import { freemintAdminRouter } from "./freemint/freemintAdminRouter.ts";
import { freemintRouter } from "./freemint/freemintRouter.ts";
import { mintToWalletRouter } from "./fulfilment/mintToWalletRouter.ts";
import { startCustodySales } from "./fulfilment/startCustodySales.ts";
import { createStripeClient } from "./checkout/createStripeClient.ts";
import { stripeWebhookRouter } from "./checkout/stripeWebhookRouter.ts";
import type { ApiConfig } from "./config/readConfig.ts";
import type { Database } from "./db/openDatabase.ts";
import { errorHandler, notFoundHandler } from "./http/errorHandler.ts";
import { healthRouter } from "./http/healthRouter.ts";
import { cardCspDirectives } from "./http/contentSecurityPolicy.ts";
import type { IndexerReader } from "./indexer/indexerReader.ts";
import { statsRouter } from "./stats/statsRouter.ts";
import { createMarket } from "./market/market.ts";
import { limitByClient } from "./http/rateLimit.ts";
import { mintRouter } from "./mint/mintRouter.ts";
import { merchConnectSrc } from "./merch/merchCsp.ts";
import { merchRouter } from "./merch/merchRouter.ts";
import { startReservationSweeper } from "./sale/startReservationSweeper.ts";
import { historyRouter } from "./nfts/historyRouter.ts";
import { nftsRouter } from "./nfts/nftsRouter.ts";
import { ownersRouter } from "./owners/ownersRouter.ts";
import { createArtStore } from "./pixlings/artStore.ts";
import { oldArtWhileReplacing } from "./review/oldArtWhileReplacing.ts";
import { ART_MAX_AGE_MS, imageRouter } from "./pixlings/imageRouter.ts";
import { cryptoPricesRouter } from "./prices/cryptoPricesRouter.ts";
import { requestLogger } from "./http/requestLogger.ts";
import { compressBodies } from "./http/compressBodies.ts";
import { sameSiteOnly } from "./http/sameSiteOnly.ts";
import { readyBeforeListen, stopOnClose } from "./server.ts";
import { publishRoleLists } from "./users/roleLists.ts";
import { serveWeb } from "./web/serveWeb.ts";
import { shareImageRouter } from "./share/shareImageRouter.ts";
import { shareMeta } from "./share/shareMeta.ts";
import { shopRouter } from "./shop/shopRouter.ts";
import { createSaleEvents } from "./sale/saleEvents.ts";

export interface AppDeps {
  database: Database;
  logger: Logger;
  /** The indexer's tables: `openIndexerReader(config)` (Ponder over HTTP, or its views on Postgres). */
  indexer: IndexerReader;
  /** Verifies SIWE signatures; default: offline (EOA signatures only). */
  siweClient?: Client | undefined;
}

/**
 * The API as an Express app; `main.ts` opens its dependencies and listens. Emit "close" on the app
 * (`listen()` does when its server closes) to stop its background work.
 */
export function createApp(config: ApiConfig, deps: AppDeps): Express {
  const { database, logger, indexer } = deps;
  const app = express();
  app.disable("x-powered-by");
  app.set("query parser", "simple");
  // Behind a reverse proxy, the client IP (rate limits) comes from X-Forwarded-For of trusted hops only.
  if (config.trustProxy !== undefined) app.set("trust proxy", config.trustProxy);
  const production = config.nodeEnv === "production";
  // Images first: the hottest route (a grid page asks for 100 at once) skips the per-request
  // middleware it does not need (helmet's page headers, JSON bodies, request logs); it sets its
  // own nosniff and cross-origin headers.
  const art = createArtStore(indexer, ART_MAX_AGE_MS, () => oldArtWhileReplacing(database.db));
  const custodyKeys = config.custody;
  // The sale announces its own changes; the market and the fulfilment worker subscribe as they are built.
  const saleEvents = createSaleEvents();
  const market = createMarket({
    saleEvents,
    db: database.db,
    indexer,
    art,
    custody:
      custodyKeys && config.sale.chains[0]
        ? { address: privateKeyToAccount(custodyKeys.custodyKey).address, chainId: config.sale.chains[0].chainId, secret: config.sessionSecret }
        : undefined,
  });
  app.use(imageRouter({ art, cacheBytes: config.memory.pngCacheBytes }));
  // Share cards are images too, fetched by other sites' link previews.
  app.use(shareImageRouter({ market }));
  const cardCsp = cardCspDirectives(config.card);
  const merchCsp = merchConnectSrc(cardCsp, config.merch);
  // Plain http on loopback in dev and tests: no HSTS, no upgrade of requests to https.
  app.use(
    helmet({
      strictTransportSecurity: production,
      contentSecurityPolicy: {
        directives: {
          upgradeInsecureRequests: production ? [] : null,
          // Card checkout: Stripe.js, or the local stand-in to confirm at.
          ...cardCsp,
          // Merch: a finished mockup is fetched from Printful's CDN (or the stand-in) to be downloaded.
          ...merchCsp,
          // Verify on-chain and the gas tip: the chains' public RPCs, read from the browser.
          ...rpcConnectSrc({ ...cardCsp, ...merchCsp }, config.sale.chains),
          // Helmet's default, plus where merch product pictures and mockups come from (Printful's CDN, or the local stand-in).
          imgSrc: ["'self'", "data:", ...(config.merch?.imageOrigins ?? [])],
        },
      },
    }),
  );
  app.use(requestLogger(logger));
  app.use(sameSiteOnly(config.siteOrigins));
  app.use(compressBodies({ cacheBytes: config.memory.compressedCacheBytes }));
  // Browse's reads next (every visitor's first requests): GET routes only, they need no body
  // parser and no route of the routers below.
  app.use(nftsRouter({ market, indexer }));
  const stripe = config.card ? createStripeClient(config.card) : undefined;
  const custody = startCustodySales({ config, db: database.db, indexer, events: saleEvents, stripe, logger });
  // Before the JSON parser: Stripe signs the exact bytes of the body.
  if (config.card && stripe) {
    app.use(stripeWebhookRouter({ db: database.db, stripe, webhookSecret: config.card.webhookSecret, events: saleEvents }));
    const expiry = startCardExpiry({
      db: database.db,
      stripe,
      intervalMs: config.sale.sweepIntervalMs,
      orderSeconds: config.card.reservationTtlSeconds,
      logger,
      events: saleEvents,
    });
    app.once("close", () => expiry.stop());
  }
  const worker = custody?.worker;
  if (worker) stopOnClose(app, () => worker.stop());
  app.use(express.json({ limit: "100kb" }));

  // Roles are read from every process's published lists on each request: ours first, then serve.
  const roleLists = publishRoleLists({ db: database.db, config, logger });
  readyBeforeListen(app, roleLists.ready);
  stopOnClose(app, () => roleLists.stop());

  app.use(healthRouter({ database }));
  // Nonces cost a database row each, sign-in attempts a signature check: rate-limited per client.
  app.get("/api/auth/nonce", limitByClient(database.db, { name: "nonce-client", limit: config.sale.ipPerMinute, windowMs: 60_000 }));
  app.post("/api/auth/siwe", limitByClient(database.db, { name: "siwe-client", limit: config.sale.ipPerMinute, windowMs: 60_000 }));
  app.use(authRouter({ config, db: database.db, siweClient: deps.siweClient }));
  app.use(googleRouter({ config, db: database.db, logger }));
  app.use(accountRouter({ config, db: database.db, siweClient: deps.siweClient }));
  app.use(statsRouter({ indexer, market, db: database.db }));
  const activity = activityRouter({ db: database.db, indexer, logger, config: config.activity });
  app.once("close", () => activity.hub.close());
  app.use(activity.router);
  app.use(historyRouter({ indexer, market }));
  app.use(ownersRouter({ market, db: database.db, config }));
  app.use(accountDataRouter({ config, db: database.db, market }));
  app.use(cryptoPricesRouter({ market, config }));
  const sweeper = startReservationSweeper({
    db: database.db,
    indexer,
    intervalMs: config.sale.sweepIntervalMs,
    events: saleEvents,
  });
  app.once("close", () => sweeper.stop());
  app.use(chainsRouter({ chains: config.sale.chains }));
  app.use(shopRouter({ shop: config.shop }));
  app.use(mintRouter({ config, db: database.db, indexer, events: saleEvents }));
  app.use(checkoutRouter({ config, db: database.db, indexer, events: saleEvents, stripe }));
  app.use(cardOrderRouter({ config, db: database.db, stripe }));
  app.use(freemintAdminRouter({ config, db: database.db }));
  app.use(adminUsersRouter({ config, db: database.db }));
  app.use(freemintRouter({ config, db: database.db, indexer, events: saleEvents }));
  app.use(mintToWalletRouter({ config, db: database.db, market, events: saleEvents }));
  app.use(merchRouter({ config, db: database.db, market, logger }));
  const artAndAdmin = artAndAdminRoutes({ config, db: database.db, indexer, market, art, logger, saleEvents });
  app.once("close", () => artAndAdmin.stop());
  app.use(artAndAdmin.router);

  app.use("/api", notFoundHandler);
  // The built web app (web/dist), when there is one: same origin as the API and the images.
  // A Pix's page carries its link preview (Open Graph, Twitter card), with absolute links to this site.
  const web = serveWeb({ distDir: config.webDistDir, pageTags: shareMeta({ market, origin: config.siwe.uri }) });
  if (web) app.use(web);
  app.use(errorHandler(logger));
  return app;
}
