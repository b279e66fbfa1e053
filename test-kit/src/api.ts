import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApp } from "@pixlings/api/app";
import { readCatalogueFile } from "@pixlings/api/catalogue/readCatalogueFile";
import { seedCatalogue } from "@pixlings/api/catalogue/seedCatalogue";
import { readConfig, type ApiConfig } from "@pixlings/api/config/readConfig";
import { openDatabase, type Database } from "@pixlings/api/db/openDatabase";
import { openIndexerReader } from "@pixlings/api/indexer/openIndexerReader";
import { createLogger } from "@pixlings/api/logging/createLogger";
import { checkSignerRole } from "@pixlings/api/mint/checkSignerRole";
import { listen } from "@pixlings/api/server";
import { privateKeyToAccount } from "viem/accounts";
import { migratedTemplate } from "./migratedTemplate.ts";

export interface TestApi {
  url: string;
  config: ApiConfig;
  database: Database;
  close(): Promise<void>;
}

/**
 * The real app on 127.0.0.1 port 0 over a fresh PGlite in a temp dir (or Postgres at
 * `env.DATABASE_URL`), reading the indexer at `env.INDEXER_URL` (default: the config's), or its
 * views in Postgres at `env.INDEXER_DATABASE_URL`.
 * `env` overrides the test defaults. The catalogue (the art generator's) is seeded unless told not to.
 */
export async function startTestApi(env: Record<string, string> = {}, options: { seedCatalogue?: boolean; checkSignerRole?: boolean } = {}): Promise<TestApi> {
  const dir = await mkdtemp(path.join(tmpdir(), "pixlings-api-test-"));
  const config = readConfig({ NODE_ENV: "test", API_PORT: "0", API_PGLITE_DIR: path.join(dir, "db"), ...env });
  // As main.ts does, when asked (tests of made-up chains have no RPC to ask): a test API starts
  // only with a voucher key that may sign on its chains.
  if (options.checkSignerRole) {
    const refusals = await checkSignerRole(config.sale.chains, privateKeyToAccount(config.sale.signerKey).address, { retryForMs: 5_000 });
    if (refusals.length > 0) throw new Error(`Refusing to start: ${refusals.join("; ")}`);
  }
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: config.pgliteDir, loadDataDir: await migratedTemplate() },
  );
  if (options.seedCatalogue ?? true) await seedCatalogue(database.db, await readCatalogueFile(config.catalogueFile));
  const indexer = openIndexerReader(config);
  const server = await listen(createApp(config, { database, logger: createLogger(config), indexer: indexer.reader }), config);
  return {
    url: server.url,
    config,
    database,
    close: async () => {
      await server.close();
      await indexer.close();
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Asserts that the API at `apiUrl` answers reads that need the indexer (stats, an image) with 503 { message }. */
export async function assertIndexerUnavailable(apiUrl: string): Promise<void> {
  for (const path of ["/api/stats", "/pixlings/pix_1.png"]) {
    const res = await fetch(`${apiUrl}${path}`);
    assert.equal(res.status, 503, path);
    assert.deepEqual(await res.json(), { message: "The indexer is not available" }, path);
  }
}

/**
 * fetch with a one-cookie jar: remembers the session cookie the server sets, sends it back;
 * `defaultHeaders` go with every request (e.g. X-Forwarded-For through a trusted proxy).
 */
export function cookieFetch(
  baseUrl: string,
  defaultHeaders: Record<string, string> = {},
): { fetch: (path: string, init?: RequestInit) => Promise<Response>; cookie: string | undefined } {
  const jar: { cookie: string | undefined } = { cookie: undefined };
  return {
    get cookie() {
      return jar.cookie;
    },
    set cookie(value) {
      jar.cookie = value;
    },
    fetch: async (p, init = {}) => {
      const headers = new Headers({ ...defaultHeaders, ...Object.fromEntries(new Headers(init.headers)) });
      if (jar.cookie) headers.set("cookie", jar.cookie);
      const res = await fetch(baseUrl + p, { ...init, headers, redirect: "manual" });
      for (const setCookie of res.headers.getSetCookie()) {
        const [pair = ""] = setCookie.split(";");
        const value = pair.slice(pair.indexOf("=") + 1);
        jar.cookie = value === "" ? undefined : pair;
      }
      return res;
    },
  };
}
