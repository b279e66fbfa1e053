// The role matrix of issue 12: every artist, submission and admin route, called by each kind of
// caller (nobody, a wallet only, a Google user, an unapproved artist, the owning artist, another
// artist, an admin, and the admin's account signed in with a wallet linked to it: never admin),
// each signed in for real. On PGlite without an indexer: routes that read the
// market answer 503 once the caller is let through (the approve/replace slow test covers them).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { appRoutes } from "@pixlings/test-kit/appRoutes";
import { ACTORS, startArtistWorld, type ArtistWorld } from "@pixlings/test-kit/artistActors";
import { artists } from "../db/tables/catalogue.ts";
import { users } from "../db/tables/accounts.ts";

const ART = { palette: ["#112233", "#ffcc00"], pixels: Array.from({ length: 81 }, (_, cell) => (cell % 10 === 0 ? 1 : 0)) };

/** Statuses of wallet, user, unapproved, artist, other, admin, adminWallet (a visitor always gets 401). */
type Expected = [number, number, number, number, number, number, number];
const ARTIST_ONLY = (artist: number, other: number): Expected => [403, 403, 403, artist, other, 403, 403];
const ADMIN_ONLY = (admin: number): Expected => [403, 403, 403, 403, 403, admin, 403];
const OWNER_AND_ADMIN = (owner: number, admin: number): Expected => [403, 403, 403, owner, 404, admin, 403];

interface Row {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
  body?: unknown;
  expected: Expected;
}

describe("issue 12 role matrix", () => {
  let world: ArtistWorld;
  const ids = { read: 0, approve: 0, reject: 0, remove: 0, deletable: 0, account: 0 };
  before(async () => {
    world = await startArtistWorld();
    const make = async (name: string): Promise<number> => {
      const res = await world.jars.artist.fetch("/api/artists/submit", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name, art: ART }),
      });
      assert.equal(res.status, 201, await res.clone().text());
      return ((await res.json()) as { id: number }).id;
    };
    ids.read = await make("Read me");
    ids.approve = await make("Approve me");
    ids.reject = await make("Reject me");
    ids.remove = await make("Delete me");
    ids.deletable = 950;
    await world.api.database.db.insert(artists).values({ id: ids.deletable, slug: "gone", name: "Gone", email: "gone@artists.pixlings.test" });
    const [account] = await world.api.database.db.insert(users).values({ email: "someone@accounts.pixlings.test" }).returning();
    ids.account = account!.id;
  });
  after(() => world?.close());

  const rows = (): Row[] => [
    { method: "GET", path: "/api/artists/current", expected: [403, 403, 200, 200, 200, 403, 403] },
    { method: "GET", path: "/api/artists/submissions", expected: ARTIST_ONLY(200, 200) },
    { method: "GET", path: "/api/artists/live-pixlings", expected: ARTIST_ONLY(503, 503) },
    { method: "POST", path: "/api/artists/submit", body: { name: "Matrix", art: ART }, expected: ARTIST_ONLY(201, 201) },
    { method: "PATCH", path: `/api/artists/submissions/${ids.read}`, body: { name: "Renamed" }, expected: ARTIST_ONLY(200, 404) },
    { method: "POST", path: "/api/artists/submissions/upload-image", body: { submissionId: ids.read, art: ART }, expected: ARTIST_ONLY(200, 404) },
    { method: "GET", path: `/api/submissions/${ids.read}/image`, expected: OWNER_AND_ADMIN(200, 200) },
    { method: "GET", path: `/api/submissions/${ids.read}/conversations`, expected: OWNER_AND_ADMIN(200, 200) },
    { method: "POST", path: `/api/submissions/${ids.read}/conversations`, body: { message: "Hello" }, expected: OWNER_AND_ADMIN(201, 201) },
    { method: "GET", path: "/api/admin/submissions", expected: ADMIN_ONLY(200) },
    { method: "GET", path: "/api/admin/approved-submissions", expected: ADMIN_ONLY(200) },
    { method: "GET", path: `/api/admin/submissions/${ids.read}`, expected: ADMIN_ONLY(200) },
    // No art-admin key in this world: Approve & Replace is off (503 art_admin_off).
    { method: "PATCH", path: `/api/admin/submissions/${ids.approve}/approve`, body: { targetTokenId: 7, artVersion: 1 }, expected: ADMIN_ONLY(503) },
    { method: "POST", path: `/api/admin/submissions/${ids.approve}/retry`, expected: ADMIN_ONLY(409) },
    { method: "POST", path: `/api/admin/submissions/${ids.approve}/abandon`, expected: ADMIN_ONLY(409) },
    { method: "PATCH", path: `/api/admin/submissions/${ids.reject}/reject`, body: { adminNotes: "Image quality too low" }, expected: ADMIN_ONLY(200) },
    { method: "DELETE", path: `/api/admin/submissions/${ids.remove}`, expected: ADMIN_ONLY(200) },
    { method: "GET", path: "/api/admin/artists", expected: ADMIN_ONLY(200) },
    { method: "GET", path: "/api/admin/artists-temp", expected: ADMIN_ONLY(200) },
    { method: "POST", path: "/api/admin/artists", body: { name: "New Artist", email: "new@artists.pixlings.test" }, expected: ADMIN_ONLY(201) },
    { method: "PATCH", path: "/api/admin/artists/902", body: { bio: "Paints at night" }, expected: ADMIN_ONLY(200) },
    { method: "DELETE", path: `/api/admin/artists/${ids.deletable}`, expected: ADMIN_ONLY(200) },
    { method: "GET", path: "/api/admin/nfts?limit=10000", expected: ADMIN_ONLY(503) },
    { method: "GET", path: "/api/admin/nfts/7", expected: ADMIN_ONLY(503) },
    { method: "PATCH", path: "/api/admin/nfts/7", body: { customName: "Seven" }, expected: ADMIN_ONLY(503) },
    { method: "POST", path: "/api/admin/nfts", body: { tokenId: 7, customName: "Seven" }, expected: ADMIN_ONLY(503) },
    { method: "GET", path: "/api/admin/displaced", expected: ADMIN_ONLY(200) },
    { method: "GET", path: "/api/admin/displaced/1/image", expected: ADMIN_ONLY(404) },
    { method: "GET", path: "/api/admin/audit-log", expected: ADMIN_ONLY(200) },
    { method: "POST", path: "/api/admin/upload", body: { tokenId: "7", art: ART }, expected: ADMIN_ONLY(503) },
    // Card orders frozen by a dispute, an outside refund or a fraud warning (issue 19).
    { method: "GET", path: "/api/admin/frozen-orders", expected: ADMIN_ONLY(200) },
    { method: "POST", path: "/api/admin/frozen-orders/00000000-0000-4000-8000-000000000000/release", expected: ADMIN_ONLY(404) },
    // The freemint tab's routes (the lead's freemint API).
    { method: "GET", path: "/api/admin/freemint-cards", expected: ADMIN_ONLY(200) },
    { method: "POST", path: "/api/admin/freemint-cards", body: { cardType: "3pix" }, expected: ADMIN_ONLY(201) },
    // The card the admin's POST just made (the first of this database): switched off.
    { method: "PATCH", path: "/api/admin/freemint-cards/1", body: { isActive: false }, expected: ADMIN_ONLY(200) },
    // Accounts: find one, and end its sessions (audited).
    { method: "GET", path: "/api/admin/users?search=accounts.pixlings", expected: ADMIN_ONLY(200) },
    { method: "DELETE", path: `/api/admin/users/${ids.account}/sessions`, expected: ADMIN_ONLY(200) },
    // Last: the admin's session views as Lumen until it ends it.
    { method: "POST", path: "/api/admin/artist-login/901", expected: ADMIN_ONLY(200) },
    { method: "POST", path: "/api/admin/artist-logout", expected: ADMIN_ONLY(200) },
    { method: "GET", path: "/api/admin/impersonation", expected: ADMIN_ONLY(200) },
  ];

  it("answers each caller with the status its role gets, and a { message } on every refusal", async () => {
    const seen: string[] = [];
    for (const row of rows()) {
      for (const actor of ACTORS) {
        const expected = actor === "visitor" ? 401 : row.expected[ACTORS.indexOf(actor) - 1]!;
        const res = await world.jars[actor].fetch(row.path, {
          method: row.method,
          ...(row.body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(row.body) }),
        });
        const text = await res.text();
        assert.equal(res.status, expected, `${actor} ${row.method} ${row.path}: ${text.slice(0, 300)}`);
        if (res.status >= 400) assert.equal(typeof (JSON.parse(text) as { message?: unknown }).message, "string", `${actor} ${row.method} ${row.path}`);
        if (actor === "unapproved" && res.status === 403 && row.path.startsWith("/api/artists/")) {
          assert.equal((JSON.parse(text) as { code?: string }).code, "artist_pending", row.path);
        }
      }
      const pattern = row.path.replace(/\/\d+(?=\/|$|\?)/g, "/:id").replace(/\/[\da-f]{8}(?:-[\da-f]{4}){3}-[\da-f]{12}(?=\/|$)/, "/:orderId");
      seen.push(`${row.method} ${pattern.split("?")[0]}`);
    }
    // Every route of the artist, submission and admin areas is in the matrix.
    const issueRoutes = appRoutes(world.api).filter((r) => /^\w+ \/api\/(artists|submissions|admin)\//.test(r));
    const normalized = new Set(seen.map((r) => r.replace("/nfts/:id", "/nfts/:tokenId")));
    assert.deepEqual(
      issueRoutes.filter((r) => !normalized.has(r)),
      [],
      "routes missing from the matrix",
    );
  });

  it("tells an unapproved artist it is pending, and answers it only its own profile", async () => {
    const res = await world.jars.unapproved.fetch("/api/artists/current");
    const body = (await res.json()) as { isApproved: boolean; name: string; impersonation: unknown };
    assert.deepEqual([body.name, body.isApproved, body.impersonation], ["Newbie", false, null]);
    const refused = await world.jars.unapproved.fetch("/api/artists/submissions");
    assert.deepEqual(await refused.json(), { code: "artist_pending", message: "Your artist account is pending approval: an admin will review it soon" });
  });
});
