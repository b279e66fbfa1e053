// The operator's view of one process: Prometheus series on METRICS_PORT only (never the public
// port), by route pattern; a request id in every log line of a request (a sane X-Request-Id kept,
// anything else replaced), echoed in the response and written on the jobs it queues; and no secret
// or freemint code in any log line.
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { after, before, describe, it } from "node:test";
import { eq } from "drizzle-orm";
import { FREEMINT_CODE_ALPHABET, FREEMINT_CODE_GROUP_LENGTH, FREEMINT_CODE_GROUPS } from "@pixlings/shared/http/checkout";
import { formatFreemintCode } from "@pixlings/shared/freemintCode";
import { startTestApi, type TestApi } from "@pixlings/test-kit/api";
import { orderJobs } from "../db/tables/orderJobs.ts";
import { createLogger } from "../logging/createLogger.ts";
import { withRequestId } from "../logging/requestContext.ts";
import type { ListeningServer } from "../server.ts";
import { startOpsServer } from "./opsServer.ts";
import { recordNonceHeal } from "../chains/nonceHeals.ts";
import { countNonceHeals } from "./countNonceHeals.ts";
import { registerSourceGauges } from "./sourceGauges.ts";

const SECRETS = {
  SESSION_SECRET: "s3ssion-secret-that-is-long-enough-0123456789",
  MINT_SIGNER_PRIVATE_KEY: `0x${"5a".repeat(32)}`,
  STRIPE_SECRET_KEY: "sk_test_metricsSecret123",
  STRIPE_WEBHOOK_SECRET: "whsec_metricsWebhook456",
  OIDC_CLIENT_SECRET: "oidc-client-secret-789",
};

describe("metrics and logs", () => {
  let api: TestApi;
  let ops: ListeningServer;
  const lines: Record<string, unknown>[] = [];
  let raw = "";
  const code = formatFreemintCode(
    FREEMINT_CODE_ALPHABET.slice(0, FREEMINT_CODE_GROUPS * FREEMINT_CODE_GROUP_LENGTH).padEnd(FREEMINT_CODE_GROUPS * FREEMINT_CODE_GROUP_LENGTH, "A"),
  );
  const metrics = async (): Promise<string> => (await fetch(`${ops.url}/metrics`)).text();

  before(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        raw += chunk.toString();
        for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    // Nothing answers at this indexer: the lag series says so.
    const chains = JSON.stringify([{ chainId: 31337, rpcUrl: "http://127.0.0.1:9", address: `0x${"33".repeat(20)}` }]);
    const env = { ...SECRETS, LOG_LEVEL: "info", INDEXER_URL: "http://127.0.0.1:9", PIXLINGS_INDEXER_CHAINS: chains };
    api = await startTestApi(env, { seedCatalogue: false, logger: createLogger({ logLevel: "info" }, sink) });
    registerSourceGauges({
      db: api.database.db,
      indexer: (await import("../indexer/openIndexerReader.ts")).openIndexerReader(api.config).reader,
      sale: api.config.sale,
    });
    ops = await startOpsServer({
      host: "127.0.0.1",
      port: 0,
      database: api.database,
      ready: { database: api.database, indexer: undefined as never, sale: api.config.sale },
    });
  });
  after(async () => {
    await ops?.close();
    await api?.close();
  });

  it("serves /metrics on the operator's port only, never on the public one", async () => {
    assert.equal((await fetch(`${api.url}/metrics`)).status, 404);
    const res = await fetch(`${ops.url}/metrics`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^text\/plain/);
  });

  it("measures latency by route pattern, never by raw path", async () => {
    await fetch(`${api.url}/api/health`);
    await fetch(`${api.url}/api/nfts/4242/history`);
    const text = await metrics();
    assert.match(text, /pixlings_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} [1-9]/);
    // In a label, never in a value: a histogram's sum may well contain the digits (0.009424272).
    assert.doesNotMatch(text, /\{[^}]*4242[^}]*\}/);
  });

  it("counts refused vouchers by reason, webhook outcomes, and reads holds, queues and lag at scrape time", async () => {
    const refused = await fetch(`${api.url}/api/mint/authorize`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    assert.equal(refused.status, 401);
    const webhook = await fetch(`${api.url}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      body: "{}",
    });
    assert.equal(webhook.status, 400);
    const text = await metrics();
    assert.match(text, /pixlings_vouchers_total\{outcome="refused",reason="401"\} [1-9]/);
    assert.match(text, /pixlings_stripe_webhooks_total\{status="400"\} [1-9]/);
    assert.match(text, /pixlings_live_holds\{kind="crypto"\} 0/);
    assert.match(text, /pixlings_job_queue_depth\{kind="mint"\} 0/);
    assert.match(text, /pixlings_job_oldest_age_seconds\{kind="art_replace"\} 0/);
    assert.match(text, /pixlings_indexer_lag_blocks\{chain_id="31337"\} -1/);
  });

  it("counts nonce gaps healed, by chain and sending address", async () => {
    const stop = countNonceHeals();
    try {
      recordNonceHeal({ chainId: 31337, address: `0x${"ab".repeat(20)}`, counter: 9, nonce: 7, held: [] });
    } finally {
      stop();
    }
    assert.match(await metrics(), new RegExp(`pixlings_nonce_gaps_healed_total{chain_id="31337",address="0x${"ab".repeat(20)}"} 1`));
  });

  it("keeps a sane X-Request-Id, replaces any other, echoes it, and writes it on every log line of the request", async () => {
    const kept = await fetch(`${api.url}/api/no/such/route`, { headers: { "x-request-id": "lb-7f3a:01" } });
    assert.equal(kept.headers.get("x-request-id"), "lb-7f3a:01");
    const line = lines.find((l) => l.msg === "request" && l.path === "/api/no/such/route");
    assert.equal(line?.requestId, "lb-7f3a:01");
    const replaced = await fetch(`${api.url}/api/health`, { headers: { "x-request-id": `${"x".repeat(65)}` } });
    assert.match(replaced.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/);
    const made = await fetch(`${api.url}/api/health`);
    assert.match(made.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/);
    assert.notEqual(made.headers.get("x-request-id"), replaced.headers.get("x-request-id"));
  });

  it("writes the id of the request that queued a job on the job", async () => {
    // As a route handler does: the insert runs (is awaited) while serving the request.
    const [job] = await withRequestId(
      "req-queued-it",
      async () =>
        await api.database.db
          .insert(orderJobs)
          .values({ kind: "transfer", tokenId: 1, toAddress: `0x${"11".repeat(20)}`, chainId: 31337 })
          .returning(),
    );
    const [outside] = await api.database.db
      .insert(orderJobs)
      .values({ kind: "transfer", tokenId: 2, toAddress: `0x${"11".repeat(20)}`, chainId: 31337 })
      .returning();
    assert.equal(job?.requestId, "req-queued-it");
    assert.equal(outside?.requestId, null);
    await api.database.db.delete(orderJobs).where(eq(orderJobs.chainId, 31337));
  });

  it("writes no secret and no freemint code in any log line", async () => {
    const json = { "content-type": "application/json" };
    await fetch(`${api.url}/api/freemint/${encodeURIComponent(code)}`);
    await fetch(`${api.url}/api/freemint/redeem`, { method: "POST", headers: json, body: JSON.stringify({ code }) });
    await fetch(`${api.url}/api/auth/siwe`, { method: "POST", headers: json, body: JSON.stringify({ message: SECRETS.SESSION_SECRET, signature: "0x00" }) });
    await fetch(`${api.url}/api/stripe/webhook`, { method: "POST", headers: { ...json, "stripe-signature": SECRETS.STRIPE_WEBHOOK_SECRET }, body: "{}" });
    assert.ok(lines.length > 5, "the run logged");
    for (const secret of [...Object.values(SECRETS), SECRETS.MINT_SIGNER_PRIVATE_KEY.slice(2), code, code.replaceAll("-", "")]) {
      assert.ok(!raw.includes(secret), `a log line holds ${secret.slice(0, 12)}…`);
    }
  });
});
