import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApp } from "@pixlings/api/app";
import { readCatalogueFile } from "@pixlings/api/testing";
import { seedCatalogue } from "@pixlings/api/testing";
import { readConfig, type ApiConfig } from "@pixlings/api/config";
import { openDatabase, type Database } from "@pixlings/api/db";
import { openIndexerReader } from "@pixlings/api/testing";
import { createLogger, type Logger } from "@pixlings/api/testing";
import { settleCustodyKeys } from "@pixlings/api/testing";
import { checkSignerRole } from "@pixlings/api/testing";
import { checkArtAdminKey } from "@pixlings/api/testing";
import { listen } from "@pixlings/api/server";
import { openWake, runsWorker, runWorker } from "@pixlings/api/testing";
import { privateKeyToAccount } from "viem/accounts";
import { migratedTemplate } from "./migratedTemplate.ts";

export interface TestApi {
  url: string;
  /** The Express app (its routes, for tests that list them). */
  app: ReturnType<typeof createApp>;
  config: ApiConfig;
  database: Database;
  close(): Promise<void>;
}

/**
 * The real app on 127.0.0.1 port 0 over a fresh PGlite in a temp dir (or Postgres at
 * `env.DATABASE_URL`), reading the indexer at `env.INDEXER_URL` (default: the config's), or its
 * views in Postgres at `env.INDEXER_DATABASE_URL`.
 * `env` overrides the test defaults. The catalogue (the art generator's) is seeded unless told not to;
 * `logger` replaces the app's (a test reading what it logs).
 */
export async function startTestApi(
  env: Record<string, string> = {},
  options: { seedCatalogue?: boolean; checkSignerRole?: boolean; logger?: Logger; role?: "web" | "all" } = {},
): Promise<TestApi> {
  const dir = await mkdtemp(path.join(tmpdir(), "pixlings-api-test-"));
  const role = options.role ?? "all";
  let config = readConfig({ NODE_ENV: "test", API_PORT: "0", API_PGLITE_DIR: path.join(dir, "db"), ...env }, role);
  // As main.ts does, when asked (tests of made-up chains have no RPC to ask): a test API starts
  // only with a voucher key that may sign on its chains, custody keys that fit (or without custody
  // sales), and an art-admin key that may write art.
  if (options.checkSignerRole) {
    const refusals = await checkSignerRole(config.sale.chains, privateKeyToAccount(config.sale.signerKey).address, { retryForMs: 5_000 });
    const custody = await settleCustodyKeys(config, { retryForMs: 5_000 });
    const artAdmin = await checkArtAdminKey(config, { retryForMs: 5_000 });
    const all = [...refusals, ...custody.refusals, ...artAdmin];
    if (all.length > 0) throw new Error(`Refusing to start: ${all.join("; ")}`);
    config = custody.config;
  }
  const database = await openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : {
          pgliteDir: config.pgliteDir,
          loadDataDir: await migratedTemplate(),
          sharedBuffersMb: config.memory.pgliteSharedBuffersMb,
          sessionCacheBytes: config.memory.sessionCacheBytes,
        },
  );
  if (options.seedCatalogue ?? true) await seedCatalogue(database.db, await readCatalogueFile(config.catalogueFile));
  const indexer = openIndexerReader(config);
  const logger = options.logger ?? createLogger(config);
  const wake = await openWake(config, logger);
  // As main.ts runs a role: the HTTP app, and (role `all`) the worker's loops.
  const app = createApp(config, { database, logger, indexer: indexer.reader, wake });
  const worker = runsWorker(role) ? await runWorker(config, { database, logger, indexer: indexer.reader, wake }) : undefined;
  const server = await listen(app, config);
  let closing: Promise<void> | undefined;
  return {
    url: server.url,
    app,
    config,
    database,
    // Once, however many owners close it (a stack and a test both may).
    close: () =>
      (closing ??= (async () => {
        await server.close();
        await worker?.stop();
        await wake.close();
        await indexer.close();
        await database.close();
        await rm(dir, { recursive: true, force: true });
      })()),
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
 * fetch with a cookie jar: remembers the cookies the server sets (by name; an empty value or
 * Max-Age=0 forgets one), sends them back; `cookie` is the Cookie header it sends (undefined when
 * empty). `defaultHeaders` go with every request (e.g. X-Forwarded-For through a trusted proxy).
 */
export function cookieFetch(
  baseUrl: string,
  defaultHeaders: Record<string, string> = {},
): { fetch: (path: string, init?: RequestInit) => Promise<Response>; cookie: string | undefined } {
  const jar = new Map<string, string>();
  return {
    get cookie() {
      return jar.size === 0 ? undefined : [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    },
    set cookie(header) {
      jar.clear();
      for (const pair of header?.split(/;\s*/) ?? []) {
        const at = pair.indexOf("=");
        if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
    },
    fetch: async (p, init = {}) => {
      const headers = new Headers({ ...defaultHeaders, ...Object.fromEntries(new Headers(init.headers)) });
      if (jar.size > 0) headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
      const res = await fetch(p.startsWith("http") ? p : baseUrl + p, { ...init, headers, redirect: "manual" });
      for (const setCookie of res.headers.getSetCookie()) {
        const [pair = ""] = setCookie.split(";");
        const at = pair.indexOf("=");
        const name = pair.slice(0, at);
        const value = pair.slice(at + 1);
        if (value === "" || /;\s*max-age=0/i.test(setCookie)) jar.delete(name);
        else jar.set(name, value);
      }
      return res;
    },
  };
}
