import { type RequestHandler, type Response, Router } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import type {
  GenerateMockupRequest,
  GenerateMockupResponse,
  MerchProductResponse,
  MerchProductsResponse,
  MockupTaskResponse,
} from "@pixlings/shared/http/merch";
import { MOCKUP_WAIT_MAX_SECONDS } from "@pixlings/shared/merch";
import { signedInOnly, userOf } from "../auth/roles.ts";
import type { ApiConfig, MerchConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { HttpError } from "../http/HttpError.ts";
import { hitRateLimit, limitByClient, type RateLimit } from "../http/rateLimit.ts";
import { requestBody } from "../http/requestBody.ts";
import { route } from "../http/route.ts";
import { positiveIntString } from "../http/schemas.ts";
import type { Market } from "../market/market.ts";
import { checkMockupTask, ownMockupTask } from "./checkMockupTask.ts";
import { generateMockup, type MockupDeps } from "./generateMockup.ts";
import { createMerchCatalogue } from "./merchCatalogue.ts";
import { MockupWaits } from "./mockupWaits.ts";
import { PrintfulClient } from "./printfulClient.ts";
import { orPrintfulAnswer } from "./upstreamError.ts";

const whole = (name: string) =>
  z
    .number({ error: `must be a ${name}` })
    .int(`must be a ${name}`)
    .positive(`must be a ${name}`);
const GenerateBody = requestBody<GenerateMockupRequest>()(
  z.object({
    productId: whole("product id"),
    variantId: whole("variant id"),
    placements: z
      .array(z.string().regex(/^[a-z0-9_]{1,64}$/, "must be placement keys such as front"), { error: "must be a list of placement keys" })
      .min(1, "must name at least one placement")
      .max(10, "at most 10 placements")
      .refine((keys) => new Set(keys).size === keys.length, "must not repeat a placement"),
    pixUrl: z.string({ error: "must be the URL of the Pix's image" }).min(1, "must be the URL of the Pix's image").max(2048, "is too long"),
  }),
);
const ProductParams = z.object({ id: positiveIntString("id", 1_000_000_000) });
const TaskParams = z.object({ taskKey: z.string().regex(/^[\w-]{1,100}$/, "must be a task key from generate-mockup") });
const TaskQuery = z.object({ wait: positiveIntString("wait", MOCKUP_WAIT_MAX_SECONDS).optional() });

/** Checking a task: every 2 s for a minute is 30 (a page that waits asks two or three times); two tabs at once still fit. */
const CHECKS_PER_USER_PER_MINUTE = 90;
/**
 * Catalogue reads per client (IP): a shopper's picker asks for the list once and a product per
 * choice (the browser keeps each 5 minutes); several shoppers behind one address still fit.
 */
const CATALOGUE_READS_PER_CLIENT_PER_MINUTE = 120;
const CATALOGUE_TIMING = { maxAgeMs: 60 * 60_000, maxStaleMs: 24 * 60 * 60_000, timeoutMs: 25_000, failureMemoryMs: 5_000 };

export interface MerchRouterDeps {
  config: ApiConfig;
  db: Db;
  market: Market;
  logger: Logger;
}

function limitByUser(db: Db, rule: RateLimit): RequestHandler {
  return async (_req, res, next) => {
    await hitRateLimit(db, rule, String(userOf(res).id));
    next();
  };
}

/**
 * `/api/printful/*`: the catalogue (anyone, limited per client; cached, failures remembered, so
 * browsing costs Printful nothing) and mockups of a Pix by its owner (signed in; limited per user
 * to a third of the store's Printful quotas, so no one user spends them; a check may wait for the
 * task's end, one ask of Printful per due time however many pages wait). 503 when merch is not
 * configured (no PRINTFUL_API_TOKEN).
 */
export function merchRouter({ config, db, market, logger }: MerchRouterDeps): Router {
  const router = Router();
  const merch: MerchConfig | undefined = config.merch;
  const client = merch ? new PrintfulClient({ baseUrl: merch.apiUrl, token: merch.token }) : undefined;
  const catalogue = client ? createMerchCatalogue(client, CATALOGUE_TIMING) : undefined;
  // One user gets at most a third of the store's Printful quotas (readConfig): mockups, and calls.
  const mockupLimit = { name: "mockup-user", limit: merch?.mockupsPerUserPerMinute ?? 1, windowMs: 60_000 };
  const printfulCallsLimit = { name: "printful-calls-user", limit: merch?.printfulCallsPerUserPerMinute ?? 1, windowMs: 60_000 };
  const deps = (): MockupDeps => {
    if (!merch || !client || !catalogue) throw new HttpError(503, "Merchandise previews are not available on this site");
    return { db, market, catalogue, client, merch, siteOrigins: config.siteOrigins, mockupLimit, printfulCallsLimit };
  };
  const waits = client && catalogue ? new MockupWaits({ db, client, catalogue, printfulCallsLimit }) : undefined;
  const signedIn = signedInOnly({ db, config });
  const checksPerUser = limitByUser(db, { name: "mockup-check-user", limit: CHECKS_PER_USER_PER_MINUTE, windowMs: 60_000 });
  const cataloguePerClient = limitByClient(db, { name: "merch-catalogue-client", limit: CATALOGUE_READS_PER_CLIENT_PER_MINUTE, windowMs: 60_000 });

  router.get(
    "/api/printful/products",
    cataloguePerClient,
    route({}, async (_input, _req, res: Response<MerchProductsResponse>) => {
      const { catalogue } = deps();
      const products = await orPrintfulAnswer(() => catalogue.products(), logger);
      res.set("Cache-Control", "public, max-age=300").json({ result: products });
    }),
  );
  router.get(
    "/api/printful/products/:id",
    cataloguePerClient,
    route({ params: ProductParams }, async ({ params }, _req, res: Response<MerchProductResponse>) => {
      const { catalogue } = deps();
      const { product, variants } = await orPrintfulAnswer(() => catalogue.product(params.id), logger);
      res.set("Cache-Control", "public, max-age=300").json({ result: { product, variants } });
    }),
  );
  router.post(
    "/api/printful/generate-mockup",
    signedIn,
    route({ body: GenerateBody }, async ({ body }, _req, res: Response<GenerateMockupResponse>) => {
      const answer = await orPrintfulAnswer(() => generateMockup(deps(), userOf(res), body), logger);
      res.set("Cache-Control", "no-store").json(answer);
    }),
  );
  router.get(
    "/api/printful/check-task/:taskKey",
    signedIn,
    checksPerUser,
    route({ params: TaskParams, query: TaskQuery }, async ({ params, query }, _req, res: Response<MockupTaskResponse>) => {
      const answer = await orPrintfulAnswer(async () => {
        if (query.wait === undefined || !waits) return checkMockupTask(deps(), userOf(res), params.taskKey);
        // Held until the task ends (or the page leaves): the page learns of it as the API does.
        const row = await ownMockupTask(deps(), userOf(res), params.taskKey);
        const left = new AbortController();
        res.once("close", () => left.abort());
        return waits.wait(row, query.wait * 1000, left.signal);
      }, logger);
      res.set("Cache-Control", "no-store").json(answer);
    }),
  );
  return router;
}
