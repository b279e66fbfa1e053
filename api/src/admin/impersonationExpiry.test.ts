// An admin's view of an artist's dashboard ends by itself IMPERSONATION_MAX_MINUTES after it began:
// the artist routes stop acting as the artist, and the banner's record says none.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { eq } from "drizzle-orm";
import type { CurrentImpersonation, ImpersonationStarted } from "@pixlings/shared/http/admin";
import { IMPERSONATION_MAX_MINUTES } from "@pixlings/shared/http/artists";
import { startArtistWorld, TEST_ARTISTS, type ArtistWorld } from "@pixlings/test-kit/artistActors";
import { artistImpersonations } from "../db/tables/adminAudit.ts";

describe("impersonation's end", () => {
  let world: ArtistWorld;
  before(async () => {
    world = await startArtistWorld();
  });
  after(() => world?.close());

  it(`ends ${IMPERSONATION_MAX_MINUTES} minutes after it started`, async () => {
    const admin = world.jars.admin;
    const started = await admin.fetch(`/api/admin/artist-login/${TEST_ARTISTS.artist.id}`, { method: "POST" });
    assert.equal(started.status, 200);
    const { impersonation } = (await started.json()) as ImpersonationStarted;
    assert.equal(Date.parse(impersonation.endsAt) - Date.parse(impersonation.startedAt), IMPERSONATION_MAX_MINUTES * 60_000);
    const current = async () => ((await (await admin.fetch("/api/admin/impersonation")).json()) as CurrentImpersonation).impersonation;
    const startedAgo = async (minutes: number) => {
      await world.api.database.db
        .update(artistImpersonations)
        .set({ startedAt: new Date(Date.now() - minutes * 60_000) })
        .where(eq(artistImpersonations.adminUserId, (await world.api.database.db.select().from(artistImpersonations))[0]!.adminUserId));
    };

    await startedAgo(IMPERSONATION_MAX_MINUTES - 1);
    assert.equal((await current())?.artistName, TEST_ARTISTS.artist.name);
    assert.equal((await admin.fetch("/api/artists/current")).status, 200, "acting as the artist");

    await startedAgo(IMPERSONATION_MAX_MINUTES);
    assert.equal(await current(), null);
    assert.equal((await admin.fetch("/api/artists/current")).status, 403, "the admin is no artist of its own");
    assert.equal((await admin.fetch("/api/artists/submit", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status, 403);

    // Another view starts afresh.
    assert.equal((await admin.fetch(`/api/admin/artist-login/${TEST_ARTISTS.other.id}`, { method: "POST" })).status, 200);
    assert.equal((await current())?.artistName, TEST_ARTISTS.other.name);
    assert.equal((await admin.fetch("/api/admin/artist-logout", { method: "POST" })).status, 200);
  });
});
