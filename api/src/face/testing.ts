// The API's public face for test-kit only: what the tests need beyond app, server, config and db to
// start an API the way main.ts does (in its role: the app, the wake transport, the worker's loops),
// act as a signed-in admin, set up a card shop or an art replacement, and read the rows they assert
// on. Production code never imports it (lint:arch).
export { settleCustodyKeys } from "../fulfilment/checkCustodyKeys.ts";
export { checkSignerRole } from "../mint/checkSignerRole.ts";
export { checkArtAdminKey } from "../review/checkArtAdminKey.ts";
export { readCatalogueFile } from "../catalogue/readCatalogueFile.ts";
export { seedCatalogue } from "../catalogue/seedCatalogue.ts";
export { openIndexerReader } from "../indexer/openIndexerReader.ts";
export { httpIndexerChanges } from "../indexer/httpIndexerChanges.ts";
export { httpIndexerDb } from "../indexer/indexerDb.ts";
export { createIndexerReader, type IndexerReader } from "../indexer/indexerReader.ts";
export { createLogger, type Logger } from "../logging/createLogger.ts";
export { openWake } from "../jobs/wake.ts";
export { runsWorker } from "../config/processRole.ts";
export { runWorker } from "../roles/runWorker.ts";
export { createSession } from "../auth/createSession.ts";
export { CARD_PRICE_CENTS } from "../checkout/cardPrices.ts";
export { PrintfulClient } from "../merch/printfulClient.ts";
export { PrintfulError } from "../merch/printfulError.ts";
export { type ArtAdmin, createArtAdmin } from "../review/artAdminClients.ts";
export { type ReplacementWorker, startReplacementWorker } from "../review/replacementWorker.ts";
export { users } from "../db/tables/accounts.ts";
export { artReplacements, replacementJobs } from "../db/tables/artReplacements.ts";
export { cardOrders } from "../db/tables/cardOrders.ts";
export { artists } from "../db/tables/catalogue.ts";
export { reservations } from "../db/tables/reservations.ts";
export type { CreateMockupTask } from "../merch/printfulWire.ts";
export { readSaleFacts } from "../indexer/queries/readSaleFacts.ts";
export { keyNonces } from "../db/tables/orderJobs.ts";
export { findOrCreateWalletUser } from "../users/findOrCreateWalletUser.ts";
export type { ReserveRequest } from "../sale/reserveTokens.ts";
