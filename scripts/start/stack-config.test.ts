import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { apiEnv, readStackConfig } from "./stack-config.ts";

describe("apiEnv", () => {
  const indexer = { url: "http://127.0.0.1:42070", chainsJson: "[]", views: undefined };

  it("points the API at Ponder over HTTP when the indexer runs on PGlite", async () => {
    const config = await readStackConfig({ API_PORT: "3005" });
    const env = apiEnv(config, indexer, {});
    assert.equal(env.INDEXER_URL, "http://127.0.0.1:42070");
    assert.equal(env.INDEXER_DATABASE_URL, undefined);
    assert.equal(env.SIWE_URI, "http://127.0.0.1:3005");
  });

  it("has the API read the indexer's views when Ponder writes to Postgres, unless told otherwise", async () => {
    const config = await readStackConfig({});
    const views = { databaseUrl: "postgres://u@127.0.0.1:5433/pix", schema: "pixlings" };
    const env = apiEnv(config, { ...indexer, views }, {});
    assert.equal(env.INDEXER_DATABASE_URL, views.databaseUrl);
    assert.equal(env.INDEXER_VIEWS_SCHEMA, "pixlings");
    assert.equal(env.INDEXER_URL, "http://127.0.0.1:42070", "still there for Ponder's /status");
    assert.equal(apiEnv(config, { ...indexer, views }, { INDEXER_DATABASE_URL: "postgres://other/db" }).INDEXER_DATABASE_URL, "postgres://other/db");
  });
});
