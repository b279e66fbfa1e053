import { Router } from "express";
import type { Logger } from "pino";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import type { Market } from "../market/market.ts";
import type { SaleEvents } from "../sale/saleEvents.ts";
import type { ArtStore } from "../pixlings/artStore.ts";
import { artistsRouter } from "../artists/artistsRouter.ts";
import { createArtAdmin } from "../review/artAdminClients.ts";
import { startReplacementWorker } from "../review/replacementWorker.ts";
import { conversationsRouter } from "../submissions/conversationsRouter.ts";
import type { SubmissionViewDeps } from "../submissions/submissionViews.ts";
import { adminArtistsRouter } from "./adminArtistsRouter.ts";
import { adminFrozenOrdersRouter } from "./adminFrozenOrdersRouter.ts";
import { adminNftsRouter } from "./adminNftsRouter.ts";
import { adminRecordsRouter } from "./adminRecordsRouter.ts";
import { adminSubmissionsRouter } from "./adminSubmissionsRouter.ts";
import { adminUploadRouter } from "./adminUploadRouter.ts";
import { impersonationRouter } from "./impersonationRouter.ts";

export interface ArtAndAdminDeps {
  config: ApiConfig;
  db: Db;
  indexer: IndexerReader;
  market: Market;
  /** The replacement holds it takes and releases are announced (the listings show them). */
  saleEvents: SaleEvents;
  art: ArtStore;
  logger: Logger;
}

/**
 * The artist and admin areas (issue 12): the artist routes, submissions' images and conversations,
 * review with Approve & Replace (its worker runs while the app does, when the server has an
 * art-admin key), artists, NFTs, impersonation, displaced originals, the audit log, admin uploads,
 * frozen card orders.
 * `stop()` ends the worker (the app's "close").
 */
export function artAndAdminRoutes(deps: ArtAndAdminDeps): { router: Router; stop(): void } {
  const { config, db, indexer, market, art, logger, saleEvents } = deps;
  const chains = config.sale.chains;
  const chainName = (chainId: number): string => chains.find((c) => c.chainId === chainId)?.name ?? `Chain ${chainId}`;
  const views: SubmissionViewDeps = { db, chainName, market, indexer };
  const artAdmin = config.artAdminKey ? createArtAdmin(config.artAdminKey, chains, config.artReplaceRetry) : undefined;
  const worker =
    artAdmin && config.artReplaceWorker
      ? startReplacementWorker({
          db,
          artAdmin,
          indexer,
          chains,
          logger,
          onFinished: () => {
            saleEvents.changed("holds");
            market.invalidateCatalogue();
            void art.refresh();
          },
        })
      : undefined;
  const router = Router();
  router.use(artistsRouter({ db, config, market, views }));
  router.use(conversationsRouter({ db, config }));
  router.use(
    adminSubmissionsRouter({
      db,
      config,
      views,
      approve: { db, indexer, chains, artAdmin },
      kick: () => worker?.kick(),
      onHoldChanged: () => saleEvents.changed("holds"),
    }),
  );
  router.use(adminArtistsRouter({ db, config, market }));
  router.use(adminNftsRouter({ db, config, market }));
  router.use(impersonationRouter({ db, config, market }));
  router.use(adminRecordsRouter({ db, config }));
  router.use(adminUploadRouter({ db, config, market, views }));
  router.use(adminFrozenOrdersRouter({ db, config }));
  return { router, stop: () => worker?.stop() };
}
