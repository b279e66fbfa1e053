import express, { type Express } from "express";
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
import { cardOrderRouter } from "./checkout/cardOrderRouter.ts";
import { checkoutRouter } from "./checkout/checkoutRouter.ts";
import { freemintAdminRouter } from "./freemint/freemintAdminRouter.ts";
import { freemintRouter } from "./freemint/freemintRouter.ts";
import { mintToWalletRouter } from "./fulfilment/mintToWalletRouter.ts";
import { createStripeClient } from "./checkout/createStripeClient.ts";
import { stripeWebhookRouter } from "./checkout/stripeWebhookRouter.ts";
import type { ApiConfig } from "./config/readConfig.ts";
import type { Database } from "./db/openDatabase.ts";
import { errorHandler, notFoundHandler } from "./http/errorHandler.ts";
import { healthRouter } from "./http/healthRouter.ts";
import { cardCspDirectives } from "./http/contentSecurityPolicy.ts";
import type { IndexerReader } from "./indexer/indexerReader.ts";
import { inProcessWake, type Wake } from "./jobs/wake.ts";
import { saleEventsOverWake } from "./jobs/saleEventsOverWake.ts";
import { statsRouter } from "./stats/statsRouter.ts";
import { createMarket } from "./market/market.ts";
import { limitByClient } from "./http/rateLimit.ts";
import { mintRouter } from "./mint/mintRouter.ts";
import { merchConnectSrc } from "./merch/merchCsp.ts";
import { merchRouter } from "./merch/merchRouter.ts";
import { historyRouter } from "./nfts/historyRouter.ts";
import { nftsRouter } from "./nfts/nftsRouter.ts";
import { ownersRouter } from "./owners/ownersRouter.ts";
import { createArtStore } from "./pixlings/artStore.ts";
import { oldArtWhileReplacing } from "./review/oldArtWhileReplacing.ts";
import { ART_MAX_AGE_MS, createImages, imageRouter } from "./pixlings/imageRouter.ts";
import { hotImages } from "./pixlings/hotImages.ts";
import { cryptoPricesRouter } from "./prices/cryptoPricesRouter.ts";
import { requestContext } from "./http/requestContext.ts";
import { requestLogger } from "./http/requestLogger.ts";
import { compressBodies, createBodyCompressor } from "./http/compressBodies.ts";
import { hotReads } from "./http/hotReads.ts";
import { securityHeaders } from "./http/securityHeaders.ts";
import { hotSessionUser } from "./auth/hotSessionUser.ts";
import { hotNftReads } from "./nfts/hotNftReads.ts";
import { createNftReads } from "./nfts/nftReads.ts";
import { sameSiteOnly } from "./http/sameSiteOnly.ts";
import { readyBeforeListen, servedFirst, stopOnClose } from "./server.ts";
import { publishRoleLists } from "./users/roleLists.ts";
import { serveWeb } from "./web/serveWeb.ts";
import { shareImageRouter } from "./share/shareImageRouter.ts";
import { shareMeta } from "./share/shareMeta.ts";
import { shopRouter } from "./shop/shopRouter.ts";

export interface AppDeps {
  database: Database;
  logger: Logger;
  /** The indexer's tables: `openIndexerReader(config)` (Ponder over HTTP, or its views on Postgres). */
  indexer: IndexerReader;
  /** Verifies SIWE signatures; default: offline (EOA signatures only). */
  siweClient?: Client | undefined;
  /** How this process wakes the worker and hears of its changes (jobs/wake.ts); default: in-process only. */
  wake?: Wake | undefined;
}

/**
 * The API's HTTP side as an Express app (a `web` process); `main.ts` opens its dependencies and
 * listens. The background loops are the worker's (roles/startWorker.ts): the app only wakes it
 * through `deps.wake`, and hears through it when holds or art changed. Emit "close" on the app
 * (`listen()` does when its server closes) to stop what it runs (role lists, the live activity).
 */
export function createApp(config: ApiConfig, deps: AppDeps): Express {
  const { database, logger, indexer } = deps;
  const wake = deps.wake ?? inProcessWake();
  const app = express();
  app.disable("x-powered-by");
  app.set("query parser", "simple");
  // Behind a reverse proxy, the client IP (rate limits) comes from X-Forwarded-For of trusted hops only.
  if (config.trustProxy !== undefined) app.set("trust proxy", config.trustProxy);
  const production = config.nodeEnv === "production";
  const art = createArtStore(indexer, ART_MAX_AGE_MS, () => oldArtWhileReplacing(database.db));
  // The sale announces its own changes (holds, jobs) over the wake transport: the market here, the
  // worker here or in another process hear them.
  const saleEvents = saleEventsOverWake(wake);
  const market = createMarket({
    saleEvents,
    db: database.db,
    indexer,
    art,
    custody:
      config.custody && config.sale.chains[0]
        ? { address: config.custody.address, chainId: config.sale.chains[0].chainId, secret: config.sessionSecret }
        : undefined,
  });
  // The worker's art changes (another process's, or this one's in role `all`); holds reach the market as sale events.
  const unsubscribeArt = wake.subscribe("art", () => {
    market.invalidateCatalogue();
    void art.refresh();
  });
  app.once("close", () => {
    unsubscribeArt();
    saleEvents.close();
  });
  const cardCsp = cardCspDirectives(config.card);
  const merchCsp = merchConnectSrc(cardCsp, config.merch);
  // Plain http on loopback in dev and tests: no HSTS, no upgrade of requests to https.
  const security = securityHeaders({
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
  });
  const images = createImages({ art, cacheBytes: config.memory.pngCacheBytes });
  const compressor = createBodyCompressor({ cacheBytes: config.memory.compressedCacheBytes });
  const reads = createNftReads({ market, indexer });
  const etagFn: unknown = app.get("etag fn");
  if (typeof etagFn !== "function") throw new Error("Express's ETag function is off");
  const etagOf = (body: Buffer): string => (etagFn as (body: Buffer) => string)(body);
  // Before Express: the cached reads every visitor makes, answered as the chain below would (hotReads.ts).
  servedFirst(
    app,
    hotReads({
      routes: [
        ...hotNftReads({ reads, security: security.list, compressor, etagOf }),
        hotSessionUser({ db: database.db, config, security: security.list, etagOf }),
        hotImages({ images }),
      ],
      logger,
    }),
  );
  // Before anything else: the request id (logs, jobs, X-Request-Id) and the latency metrics.
  app.use(requestContext());
  // Images first: the hottest route (a grid page asks for 100 at once) skips the per-request
  // middleware it does not need (helmet's page headers, JSON bodies, request logs); it sets its
  // own nosniff and cross-origin headers.
  app.use(imageRouter({ images }));
  // Share cards are images too, fetched by other sites' link previews.
  app.use(shareImageRouter({ market }));
  app.use(security.middleware);
  app.use(requestLogger(logger));
  app.use(sameSiteOnly(config.siteOrigins));
  app.use(compressBodies({ compressor }));
  // Browse's reads next (every visitor's first requests): GET routes only, they need no body
  // parser and no route of the routers below.
  app.use(nftsRouter({ market, indexer, reads }));
  const stripe = config.card ? createStripeClient(config.card) : undefined;
  // Before the JSON parser: Stripe signs the exact bytes of the body.
  if (config.card && stripe) {
    app.use(stripeWebhookRouter({ db: database.db, stripe, webhookSecret: config.card.webhookSecret, events: saleEvents }));
  }
  app.use(express.json({ limit: "100kb" }));
  // Vouchers right after the body parser: a drop's hottest write skips the dozen routers below,
  // none of which has middleware or a path of its own (it passes every middleware above, as before).
  app.use(mintRouter({ config, db: database.db, indexer, events: saleEvents }));

  // Roles are read from every process's published lists on each request: ours first, then serve.
  const roleLists = publishRoleLists({ db: database.db, config, logger });
  readyBeforeListen(app, roleLists.ready);
  stopOnClose(app, () => roleLists.stop());

  app.use(healthRouter({ database, ready: { database, indexer, sale: config.sale } }));
  // Nonces cost a database row each, sign-in attempts a signature check: rate-limited per client.
  app.get("/api/auth/nonce", limitByClient(database.db, { name: "nonce-client", limit: config.sale.ipPerMinute, windowMs: 60_000 }));
  app.post("/api/auth/siwe", limitByClient(database.db, { name: "siwe-client", limit: config.sale.ipPerMinute, windowMs: 60_000 }));
  app.use(authRouter({ config, db: database.db, siweClient: deps.siweClient }));
  app.use(googleRouter({ config, db: database.db, logger }));
  app.use(accountRouter({ config, db: database.db, siweClient: deps.siweClient }));
  app.use(statsRouter({ indexer, market, db: database.db }));
  const activity = activityRouter({ db: database.db, indexer, logger, config: config.activity });
  // Streams end as soon as the server drains (they would hold it open until the grace ends).
  app.once("draining", () => activity.hub.close());
  app.once("close", () => activity.hub.close());
  app.use(activity.router);
  app.use(historyRouter({ indexer, market }));
  app.use(ownersRouter({ market, db: database.db, config }));
  app.use(accountDataRouter({ config, db: database.db, market }));
  app.use(cryptoPricesRouter({ market, config }));
  app.use(chainsRouter({ chains: config.sale.chains }));
  app.use(shopRouter({ shop: config.shop }));
  app.use(checkoutRouter({ config, db: database.db, indexer, events: saleEvents, stripe }));
  app.use(cardOrderRouter({ config, db: database.db, stripe }));
  app.use(freemintAdminRouter({ config, db: database.db }));
  app.use(adminUsersRouter({ config, db: database.db }));
  app.use(freemintRouter({ config, db: database.db, indexer, events: saleEvents }));
  app.use(mintToWalletRouter({ config, db: database.db, market, events: saleEvents }));
  app.use(merchRouter({ config, db: database.db, market, logger }));
  app.use(artAndAdminRoutes({ config, db: database.db, indexer, market, saleEvents, kick: () => wake.notify("art-replace") }));

  app.use("/api", notFoundHandler);
  // The built web app (web/dist), when there is one: same origin as the API and the images.
  // A Pix's page carries its link preview (Open Graph, Twitter card), with absolute links to this site.
  const web = serveWeb({ distDir: config.webDistDir, pageTags: shareMeta({ market, origin: config.siwe.uri }) });
  if (web) app.use(web);
  app.use(errorHandler(logger));
  return app;
}
