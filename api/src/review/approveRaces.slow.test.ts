// Races against an Approve & Replace, on two real anvil chains, a real Ponder and the real API on
// Postgres 15 (test-kit/src/replacementWorld.ts): no database lock held while the chains answer, two
// admins at once, a buyer's voucher, the artist's edit and an artist's deletion. Row locks order the
// racers (test-kit/src/rowLockQueue.ts), so each race happens on every run.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { and, inArray, isNull, sql } from "drizzle-orm";
import type { AdminArtists } from "@pixlings/shared/http/admin";
import { testAccount } from "@pixlings/test-kit/indexer";
import { googleSignIn } from "@pixlings/test-kit/localGoogle";
import { skipPostgres } from "@pixlings/test-kit/postgres";
import { chainArt, codeOf, json, pieceOf, rgbOf, startReplacementWorld, until, type ReplacementWorld } from "@pixlings/test-kit/replacementWorld";
import { queueBehindRowLock } from "@pixlings/test-kit/rowLockQueue";
import { authorize, fund } from "@pixlings/test-kit/saleStack";
import { signIn } from "@pixlings/test-kit/signIn";
import { toStored } from "../artwork/storedArt.ts";
import { artists } from "../db/tables/catalogue.ts";
import { reservations } from "../db/tables/reservations.ts";
import { submissions } from "../db/tables/submissions.ts";

const ON_POSTGRES = { skip: skipPostgres() && "PIXLINGS_SKIP_POSTGRES=1: row locks need Postgres" };

describe("Approve & Replace races", () => {
  let r: ReplacementWorld;
  before(async () => {
    r = await startReplacementWorld();
  });
  after(() => r?.close());

  it("holds no database lock while the chains answer: the artist's edit is refused at once, not after the approve's chain reads", ON_POSTGRES, async () => {
    const id = await r.submit("Slow chain", pieceOf(8));
    await r.gate.hang();
    let approved: Promise<Response> | undefined;
    try {
      const started = Date.now();
      approved = r.approve(id, 170);
      // The approve now waits on the stalled chain's answer (up to its 3 s timeout).
      await until("the approve's read of the stalled chain", async () => (r.gate.hung() > 0 ? true : undefined), 10_000);
      const editStarted = Date.now();
      const edit = await json(r.world.jars.artist, "PATCH", `/api/artists/submissions/${id}`, { name: "During the checks" });
      const editMs = Date.now() - editStarted;
      assert.deepEqual(await codeOf(edit), [409, "submission_state"]);
      assert.equal((await approved).status, 202);
      const approveMs = Date.now() - started;
      assert.ok(approveMs >= 2_500, `the approve waited for the stalled chain (${approveMs} ms)`);
      assert.ok(editMs < 1_000, `the edit answered in ${editMs} ms while the approve took ${approveMs} ms`);
    } finally {
      await approved?.catch(() => undefined);
      await r.gate.open();
    }
    await r.settled(id, "done");
  });

  it("two admins approving at once: the same submission is approved once; two submissions onto one Pix, one wins", ON_POSTGRES, async () => {
    const db = r.world.api.database.db;
    const second = (await googleSignIn(r.world.api.url, { account: "admin" })).jar;
    const id = await r.submit("Twice", pieceOf(9));
    const version = (await r.view(id)).artVersion;
    const same = await queueBehindRowLock(db, sql`select 1 from submissions where id = ${id} for update`, [
      () => r.approve(id, 180, { artVersion: version }),
      () => r.approve(id, 181, { artVersion: version, jar: second }),
    ]);
    assert.deepEqual(await Promise.all(same.map(codeOf)), [
      [202, undefined],
      [409, "submission_state"],
    ]);
    assert.equal((await r.token(181)).reservedUntil, null, "the loser's Pix is not held");

    const a = await r.submit("Onto one A", pieceOf(10));
    const b = await r.submit("Onto one B", pieceOf(11));
    const [va, vb] = [(await r.view(a)).artVersion, (await r.view(b)).artVersion];
    // Both wait on their submission's lock, then run side by side: each passes its checks before the other commits.
    const onto = await queueBehindRowLock(db, sql`select 1 from submissions where id in (${a}, ${b}) for update`, [
      () => r.approve(a, 190, { artVersion: va }),
      () => r.approve(b, 190, { artVersion: vb, jar: second }),
    ]);
    const outcomes = (await Promise.all(onto.map(codeOf))).map(([status, code]) => `${status} ${code ?? ""}`.trim()).sort();
    assert.deepEqual(outcomes, ["202", "409 replacement_in_progress"]);
    const winner = onto[0]!.status === 202 ? a : b;
    const loser = winner === a ? b : a;
    assert.deepEqual([(await r.view(loser)).replacement, (await r.view(loser)).targetTokenId], [null, null]);
    await r.settled(id, "done");
    await r.settled(winner, "done");
  });

  it("a buyer's voucher request racing the approve: exactly one of them gets the Pix", async () => {
    const tokens = [200, 201, 202];
    const buyers = tokens.map((t) => testAccount(`approve-race-buyer-${t}`));
    await fund(r.stack, buyers);
    const jars = await Promise.all(buyers.map((b) => signIn(r.world.api, b)));
    const ids = await Promise.all(tokens.map((t) => r.submit(`Raced ${t}`, pieceOf(t))));
    const versions = await Promise.all(ids.map(async (id) => (await r.view(id)).artVersion));
    const results = await Promise.all(
      tokens.map((t, i) => Promise.all([r.approve(ids[i]!, t, { artVersion: versions[i]! }), authorize(jars[i]!, [t], 31337)])),
    );
    const db = r.world.api.database.db;
    const holders = await db
      .select({ tokenId: reservations.tokenId, address: reservations.address })
      .from(reservations)
      .where(and(inArray(reservations.tokenId, tokens), isNull(reservations.releasedAt)))
      .orderBy(reservations.tokenId);
    assert.deepEqual(
      holders.map((h) => h.tokenId),
      tokens,
      "one live hold per Pix",
    );
    for (const [i, [approve, voucher]] of results.entries()) {
      const statuses = [approve.status, voucher.status];
      assert.ok(
        (statuses[0] === 202 && statuses[1] === 409) || (statuses[0] === 409 && statuses[1] === 200),
        `Pix #${tokens[i]}: approve ${statuses[0]} ${await approve.text()}, voucher ${statuses[1]} ${await voucher.text()}`,
      );
      assert.equal(
        holders[i]!.address.toLowerCase(),
        approve.status === 202 ? `art-replacement:${ids[i]}` : buyers[i]!.address.toLowerCase(),
        `Pix #${tokens[i]}'s holder`,
      );
    }
    for (const [i, [approve]] of results.entries()) {
      if (approve.status === 202) await r.settled(ids[i]!, "done");
      else assert.equal((await r.view(ids[i]!)).replacement, null);
    }
  });

  it("the artist's edit racing the approve: the edit waits, then is refused; the chain gets the art the admin approved", ON_POSTGRES, async () => {
    const art = pieceOf(12);
    const id = await r.submit("Raced edit", art);
    const version = (await r.view(id)).artVersion;
    const [approve, edit] = await queueBehindRowLock<Response>(r.world.api.database.db, sql`select 1 from submissions where id = ${id} for update`, [
      () => r.approve(id, 210, { artVersion: version }),
      () => json(r.world.jars.artist, "PATCH", `/api/artists/submissions/${id}`, { art: pieceOf(13) }),
    ]);
    assert.equal(approve?.status, 202, await approve?.clone().text());
    assert.deepEqual(await codeOf(edit!), [409, "submission_state"]);
    const done = await r.settled(id, "done");
    assert.deepEqual([done.artVersion, rgbOf(done.art).join()], [version, rgbOf(art).join()], "the submission still shows what was approved");
    for (const c of r.stack.chains) assert.deepEqual(rgbOf(await chainArt(c, 210)), rgbOf(art));
  });

  it("deleting an artist racing an approve of their piece: 409 artist_has_pieces, never a 500; the piece is written", ON_POSTGRES, async () => {
    const db = r.world.api.database.db;
    const [doomed] = await db
      .insert(artists)
      .values({ id: 950, slug: "short-lived", name: "Short Lived", email: "short@studio.pixlings.test", isApproved: true })
      .returning({ id: artists.id });
    const art = pieceOf(14);
    const [row] = await db
      .insert(submissions)
      .values({
        artistId: doomed!.id,
        name: "Last piece",
        ...toStored({ palette: art.palette.map((hex) => Number.parseInt(hex.slice(1), 16)), pixels: Uint8Array.from(art.pixels) }),
      })
      .returning({ id: submissions.id });
    const id = row!.id;
    const [approve, remove] = await queueBehindRowLock(db, sql`select 1 from submissions where id = ${id} for update`, [
      () => r.approve(id, 220),
      () => r.world.jars.admin.fetch(`/api/admin/artists/${doomed!.id}`, { method: "DELETE" }),
    ]);
    assert.equal(approve?.status, 202, await approve?.clone().text());
    assert.deepEqual(await codeOf(remove!), [409, "artist_has_pieces"]);
    const done = await r.settled(id, "done");
    assert.equal(done.status, "approved");
    const listed = (await (await r.world.jars.admin.fetch("/api/admin/artists")).json()) as AdminArtists;
    assert.ok(
      listed.some((a) => a.id === doomed!.id),
      "the artist stays on record",
    );
  });
});
