// Freemint codes as an attacker meets them: only in POST bodies (never a URL, never a log line),
// a site-wide limit on failed guesses that every client, user and process shares and racing
// guesses cannot overshoot, and admins' card changes in the audit log.
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { after, before, describe, it } from "node:test";
import { eq, sql } from "drizzle-orm";
import { pino } from "pino";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { AuditEntry } from "@pixlings/shared/http/admin";
import type { FreemintCard } from "@pixlings/shared/http/checkout";
import { googleSessionJar } from "@pixlings/test-kit/adminSession";
import { type cookieFetch, startTestApi, type TestApi } from "@pixlings/test-kit/api";
import { signIn } from "@pixlings/test-kit/signIn";
import { createApp } from "../app.ts";
import { freemintCards } from "../db/tables/freemintCards.ts";
import { rateLimits } from "../db/tables/rateLimits.ts";
import { openIndexerReader } from "../indexer/openIndexerReader.ts";
import { listen } from "../server.ts";

const ADMIN = "cards@example.test";
const FAILED_PER_HOUR = 3;
type Jar = ReturnType<typeof cookieFetch>;

describe("freemint codes under attack", () => {
  let api: TestApi;
  let admin: Jar;
  let card: FreemintCard;
  let client = 0;
  const logLines: string[] = [];
  const logger = pino(
    { level: "info" },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    }),
  );

  /** A new user on a new client (its own X-Forwarded-For address): the per-user and per-client limits never bind. */
  const stranger = async (): Promise<Jar> => signIn(api, privateKeyToAccount(generatePrivateKey()), 31337, { "x-forwarded-for": `198.51.100.${++client}` });
  const check = (jar: Jar, code: string): Promise<Response> =>
    jar.fetch("/api/freemint/check", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ code }) });
  const guess = (n: number): string => `PIXLINGS-ZZZZ-ZZZZ-ZZZZ-${"23456789ABCDEFGHJKMNPQRSTUVWXY"[n % 30]!.repeat(4)}`;
  const resetFailures = () => api.database.db.delete(rateLimits).where(eq(rateLimits.key, "freemint-failed-global:all"));

  before(async () => {
    api = await startTestApi(
      { ADMIN_EMAILS: ADMIN, API_TRUST_PROXY: "loopback", FREEMINT_FAILED_GUESSES_PER_HOUR: String(FAILED_PER_HOUR), INDEXER_URL: "http://127.0.0.1:1" },
      { seedCatalogue: false, logger },
    );
    admin = await googleSessionJar(api, ADMIN);
    const created = await admin.fetch("/api/admin/freemint-cards", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"cardType":"3pix"}',
    });
    assert.equal(created.status, 201);
    card = (await created.json()) as FreemintCard;
  });
  after(() => api?.close());

  it("makes new codes of 4 groups of 4 characters, and reads a code only from a POST body", async () => {
    assert.match(card.code, /^PIXLINGS-[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/);
    const user = await stranger();
    const found = await check(user, card.code.toLowerCase().replaceAll("-", " "));
    assert.equal(found.status, 200);
    assert.deepEqual(await found.json(), { code: card.code, cardType: "3pix", freeSlots: 3, expiresAt: null });
    // The old route with the code in its path is gone.
    assert.equal((await user.fetch(`/api/freemint/cards/${card.code}`)).status, 404);
    assert.equal((await check(user, "PIXLINGS-1234")).status, 400);
  });

  it("still redeems an old 8-character code of an existing database", async () => {
    await api.database.db.insert(freemintCards).values({ code: "PIXLINGS-ABCD2345", cardType: "6pix", totalSlots: 6 });
    const res = await check(await stranger(), "abcd2345");
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { code: string }).code, "PIXLINGS-ABCD2345");
  });

  it("refuses every lookup, a good code's too, once the site had its failed guesses, whoever sends them", async () => {
    await resetFailures();
    for (let n = 0; n < FAILED_PER_HOUR; n++) assert.equal((await check(await stranger(), guess(n))).status, 404);
    // Known codes (usable, used up, off) are no failed guesses, and lookups of them never counted.
    const refused = await check(await stranger(), card.code);
    assert.equal(refused.status, 429);
    const body = (await refused.json()) as { message: string; retryAfter: number };
    assert.match(body.message, /Too many wrong freemint codes were tried on this site/);
    assert.ok(body.retryAfter > 0 && body.retryAfter <= 3600);
    assert.equal(refused.headers.get("retry-after"), String(body.retryAfter));
    // Another API process on the same database: the same count.
    const indexer = openIndexerReader(api.config);
    const other = await listen(createApp({ ...api.config, port: 0 }, { database: api.database, logger, indexer: indexer.reader }), { ...api.config, port: 0 });
    try {
      const there = signIn({ url: other.url, config: api.config }, privateKeyToAccount(generatePrivateKey()));
      assert.equal((await check(await there, card.code)).status, 429);
    } finally {
      await other.close();
      await indexer.close();
    }
  });

  it("counts only unknown codes: looking up known ones, usable or not, costs the site nothing", async () => {
    await resetFailures();
    await api.database.db.insert(freemintCards).values({ code: "PIXLINGS-WXYZ-WXYZ-WXYZ-WXYZ", cardType: "3pix", totalSlots: 3, isActive: false });
    for (let n = 0; n < FAILED_PER_HOUR * 3; n++) {
      assert.equal((await check(await stranger(), card.code)).status, 200);
      assert.equal((await check(await stranger(), "PIXLINGS-WXYZ-WXYZ-WXYZ-WXYZ")).status, 403);
    }
    assert.equal((await check(await stranger(), guess(0))).status, 404, "no failure counted yet");
  });

  it("lets racing guesses through only up to the limit", async () => {
    await resetFailures();
    const strangers = await Promise.all(Array.from({ length: 12 }, () => stranger()));
    const statuses = await Promise.all(strangers.map((jar, n) => check(jar, guess(n)).then((res) => res.status)));
    assert.deepEqual(
      [statuses.filter((s) => s === 404).length, statuses.filter((s) => s === 429).length],
      [FAILED_PER_HOUR, 12 - FAILED_PER_HOUR],
      statuses.join(","),
    );
    await resetFailures();
  });

  it("records creating and switching cards in the audit log, without their codes", async () => {
    const off = await admin.fetch(`/api/admin/freemint-cards/${card.id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: '{"isActive":false}',
    });
    assert.equal(off.status, 200);
    const entries = (await (await admin.fetch("/api/admin/audit-log")).json()) as AuditEntry[];
    const mine = entries.filter((entry) => entry.action.startsWith("freemint.")).map((entry) => [entry.action, entry.admin, entry.detail]);
    assert.deepEqual(mine, [
      ["freemint.deactivate", ADMIN, `card ${card.id}: 3pix, 3 Pix, no expiry`],
      ["freemint.create", ADMIN, `card ${card.id}: 3pix, 3 Pix, no expiry`],
    ]);
    assert.ok(!JSON.stringify(entries).includes(card.code.slice(-4)));
  });

  it("never writes a code to a log line: not the request line, not a failure of ours", async () => {
    const user = await stranger();
    await check(user, card.code);
    await user.fetch(`/api/freemint/cards/${encodeURIComponent(card.code.toLowerCase())}`);
    // A failure of ours while the code is in the query: the database refuses the lookup.
    await api.database.db.execute(sql.raw("alter table freemint_cards rename column code to code_gone"));
    try {
      const broken = await check(user, card.code);
      assert.equal(broken.status, 500);
    } finally {
      await api.database.db.execute(sql.raw("alter table freemint_cards rename column code_gone to code"));
    }
    const logged = logLines.join("");
    assert.match(logged, /request failed/, "the failures are logged");
    assert.match(logged, /\/api\/freemint\/cards\/:code/, "the old route's path, without the code");
    const characters = card.code.slice("PIXLINGS-".length);
    for (const form of [card.code, card.code.toLowerCase(), characters, characters.replaceAll("-", "")]) {
      assert.ok(!logged.includes(form), `the log names ${form}`);
    }
  });
});
