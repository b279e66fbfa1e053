import { Router } from "express";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import type { IndexerReader } from "../indexer/indexerReader.ts";
import type { Market } from "../market/market.ts";
import type { SaleEvents } from "../sale/saleEvents.ts";
import { artistsRouter } from "../artists/artistsRouter.ts";
import { artAdminReads } from "../review/artAdminClients.ts";
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
  /** Wakes the Approve & Replace worker (roles/startWorker.ts) when a job was queued. */
  kick(): void;
  /** The replacement holds it takes and releases are announced (the listings show them). */
  saleEvents: SaleEvents;
}

/**
 * The artist and admin areas (issue 12): the artist routes, submissions' images and conversations,
 * review with Approve & Replace (on when the config names an art-admin account; a worker process
 * sends the jobs), artists, NFTs, impersonation, displaced originals, the audit log, admin uploads,
 * frozen card orders.
 */
export function artAndAdminRoutes(deps: ArtAndAdminDeps): Router {
  const { config, db, indexer, market, kick, saleEvents } = deps;
  const chains = config.sale.chains;
  const chainName = (chainId: number): string => chains.find((c) => c.chainId === chainId)?.name ?? `Chain ${chainId}`;
  const views: SubmissionViewDeps = { db, chainName, market, indexer };
  const artAdmin = config.artAdminAddress ? artAdminReads(chains) : undefined;
  const router = Router();
  router.use(artistsRouter({ db, config, market, views }));
  router.use(conversationsRouter({ db, config }));
  router.use(
    adminSubmissionsRouter({
      db,
      config,
      views,
      approve: { db, indexer, chains, artAdmin },
      kick,
      onHoldChanged: () => saleEvents.changed("holds"),
    }),
  );
  router.use(adminArtistsRouter({ db, config, market }));
  router.use(adminNftsRouter({ db, config, market }));
  router.use(impersonationRouter({ db, config, market }));
  router.use(adminRecordsRouter({ db, config }));
  router.use(adminUploadRouter({ db, config, market, views }));
  router.use(adminFrozenOrdersRouter({ db, config }));
  return router;
}
