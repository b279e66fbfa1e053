import type { GenerateMockupRequest, GenerateMockupResponse } from "@pixlings/shared/http/merch";
import type { MerchConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { badRequest, HttpError } from "../http/HttpError.ts";
import { hitRateLimit, type RateLimit } from "../http/rateLimit.ts";
import type { Market } from "../market/market.ts";
import { ownsPix } from "../owners/ownsPix.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import type { MerchCatalogue } from "./merchCatalogue.ts";
import { recordMockupTask } from "./mockupTasks.ts";
import { pixTokenIdOf, pixUrlForPrintful } from "./pixUrl.ts";
import type { PrintfulClient } from "./printfulClient.ts";
import { pixPosition } from "./printPosition.ts";

export interface MockupDeps {
  db: Db;
  market: Market;
  catalogue: MerchCatalogue;
  client: PrintfulClient;
  merch: MerchConfig;
  /** The site's origins a `pixUrl` may name (the API's own). */
  siteOrigins: readonly string[];
  /** Mockups per user (a third of the store's mockup quota): counted only for requests that would reach Printful. */
  mockupLimit: RateLimit;
  /** Calls to Printful per user, mockups and task checks (a third of the store's request quota). */
  printfulCallsLimit: RateLimit;
}

/** The mockups' width in pixels: enough for the page, quick to render. */
const MOCKUP_WIDTH = 600;

/**
 * Starts a Printful mockup of `user`'s Pix on a product: the Pix named by `pixUrl` (this site's
 * image only, 400 otherwise) must be theirs now (403), the variant and placements the product's
 * (404, 400). Printful gets the image URL the API builds itself and the Pix centred on each
 * placement's print file; the task is remembered as this user's. Checks come first: a refused
 * request sends Printful nothing and does not count against the user's limit (429).
 */
export async function generateMockup(deps: MockupDeps, user: SessionUser, request: GenerateMockupRequest): Promise<GenerateMockupResponse> {
  const tokenId = pixTokenIdOf(request.pixUrl, deps.siteOrigins);
  if (!ownsPix(await deps.market.state(), user, tokenId)) {
    throw new HttpError(403, `Only the owner of Pix #${tokenId} may preview merchandise with it (sign in with, or link, the wallet that holds it)`);
  }
  const detail = await deps.catalogue.product(request.productId);
  const variant = detail.variants.find((v) => v.id === request.variantId);
  if (!variant) throw badRequest(`variantId ${request.variantId} is not a variant of product ${request.productId}`);
  const imageUrl = pixUrlForPrintful(deps.merch.pixOrigin, tokenId);
  const files = request.placements.map((key) => {
    const printfile = detail.placements.get(key)?.printfiles.get(variant.id);
    if (!printfile) throw badRequest(`placements: "${key}" is not a placement of product ${request.productId} (${[...detail.placements.keys()].join(", ")})`);
    return { placement: key, image_url: imageUrl, position: pixPosition(printfile) };
  });
  await hitRateLimit(deps.db, deps.mockupLimit, String(user.id));
  await hitRateLimit(deps.db, deps.printfulCallsLimit, String(user.id));
  const task = await deps.client.createMockupTask(request.productId, { variant_ids: [variant.id], format: "png", width: MOCKUP_WIDTH, files });
  await recordMockupTask(deps.db, {
    taskKey: task.task_key,
    userId: user.id,
    tokenId,
    productId: request.productId,
    variantId: variant.id,
    placements: request.placements,
  });
  return { result: { task_key: task.task_key, status: task.status } };
}
