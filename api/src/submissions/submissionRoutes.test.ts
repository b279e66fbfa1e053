// Submissions through the real routes (PGlite, real sign-ins): hostile uploads refused with the
// exact reason and nothing stored, every validation message, the edit rules, the conversation and
// rejection, impersonation on the record as the admin's, and the admin's artist rules.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { QUICK_REJECTION_REASONS, type AdminArtist, type AuditEntry } from "@pixlings/shared/http/admin";
import type { CurrentArtist } from "@pixlings/shared/http/artists";
import type { ConversationMessage, MessageType, Submission, SubmitArtworkRequest } from "@pixlings/shared/http/submissions";
import { artToPng } from "@pixlings/shared/node/png";
import { startArtistWorld, TEST_ARTISTS, type ArtistWorld } from "@pixlings/test-kit/artistActors";
import { decodeIndexedPng } from "@pixlings/test-kit/png";
import { catalogue } from "../db/tables/catalogue.ts";
import { submissions } from "../db/tables/submissions.ts";

type Jar = ArtistWorld["jars"]["artist"];

const cells = (f: (cell: number) => number): number[] => Array.from({ length: 81 }, (_, cell) => f(cell));
const DRAWN = { palette: ["#0a0b0c", "#f0e0d0", "#123456"], pixels: cells((cell) => cell % 3) };
/** A drawn piece as the page posts it (JSON). */
const drawnBody = (name: string): SubmitArtworkRequest => ({ name, description: null, art: DRAWN });

const json = (jar: Jar, method: string, path: string, body?: unknown): Promise<Response> =>
  jar.fetch(path, { method, ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }) });

/** A multipart form like the page's: text fields and an image file whose name and type say whatever they are told. */
function form(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (file) data.append("image", new Blob([file.bytes], { type: file.type }), file.name);
  return data;
}

async function expectError(res: Response, status: number, message: RegExp, code?: string): Promise<Record<string, unknown>> {
  const body = (await res.json()) as Record<string, unknown>;
  assert.equal(res.status, status, JSON.stringify(body));
  assert.match(String(body.message), message);
  if (code) assert.equal(body.code, code);
  return body;
}

describe("submission routes", () => {
  let world: ArtistWorld;
  let count: () => Promise<number>;
  before(async () => {
    world = await startArtistWorld();
    count = async () => (await world.api.database.db.select({ n: sql<number>`count(*)::integer` }).from(submissions))[0]!.n;
  });
  after(() => world?.close());

  const submit = (jar: Jar, data: FormData): Promise<Response> => jar.fetch("/api/artists/submit", { method: "POST", body: data });

  it("refuses hostile uploads with the exact reason and stores nothing", async () => {
    const { artist } = world.jars;
    const before = await count();
    const square = (width: number, height: number, colours: number): Promise<Buffer> => {
      const data = Buffer.alloc(width * height * 3);
      for (let i = 0; i < width * height; i++) data.set([(i % colours) * 13, 255 - (i % colours) * 7, (i % colours) * 3], i * 3);
      return sharp(data, { raw: { width, height, channels: 3 } })
        .png()
        .toBuffer();
    };
    const cases: [string, { bytes: Uint8Array; name: string; type: string }, number, RegExp, string][] = [
      ["text renamed to .png", { bytes: Buffer.from("not an image at all"), name: "art.png", type: "image/png" }, 415, /not an image/, "image_unsupported"],
      [
        "a PDF renamed to .png",
        { bytes: Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj"), name: "art.png", type: "image/png" },
        415,
        /not an image/,
        "image_unsupported",
      ],
      [
        "SVG with a script",
        {
          bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script>alert(1)</script></svg>'),
          name: "art.png",
          type: "image/png",
        },
        415,
        /SVG images are not accepted/,
        "image_unsupported",
      ],
      ["20 MB", { bytes: Buffer.alloc(20 * 1024 * 1024, 1), name: "big.png", type: "image/png" }, 413, /too large: at most 2 MB/, "image_too_large"],
      ["17 colours", { bytes: await square(9, 9, 17), name: "art.png", type: "image/png" }, 422, /17 colours .* at most 16/, "image_too_many_colors"],
      ["10x9", { bytes: await square(10, 9, 2), name: "art.png", type: "image/png" }, 422, /must be square: this one is 10x9/, "image_not_square"],
    ];
    for (const [what, file, status, message, code] of cases) {
      await expectError(await submit(artist, form({ name: what }, file)), status, message, code);
    }
    assert.equal(await count(), before, "nothing stored");
  });

  it("converts an uploaded picture, whatever its name, and serves it back as the 9x9 piece", async () => {
    const piece = { palette: [0x0a0b0c, 0xf0e0d0, 0x123456], pixels: Uint8Array.from(cells((cell) => (cell * 7) % 3)) };
    const res = await submit(
      world.jars.artist,
      form({ name: "Uploaded", description: "From a file" }, { bytes: artToPng(piece, 32), name: "drawing.gif", type: "image/gif" }),
    );
    assert.equal(res.status, 201, await res.clone().text());
    const created = (await res.json()) as Submission;
    assert.deepEqual([created.status, created.artistId, created.colorCount, created.editable], ["pending", TEST_ARTISTS.artist.id, 3, true]);
    const png = await world.jars.artist.fetch(`${created.imageUrl}&size=9`);
    assert.equal(png.headers.get("content-type"), "image/png");
    const decoded = decodeIndexedPng(Buffer.from(await png.arrayBuffer()));
    assert.deepEqual(
      decoded.indices.map((i) => decoded.palette[i]),
      [...piece.pixels].map((i) => piece.palette[i]),
    );
  });

  it("checks every field again, whatever the page sent", async () => {
    const { artist } = world.jars;
    const before = await count();
    const missing = /^Missing Information: Please provide a name and image for your artwork\.$/;
    await expectError(await json(artist, "POST", "/api/artists/submit", { art: DRAWN }), 400, missing);
    await expectError(await json(artist, "POST", "/api/artists/submit", { name: "   ", art: DRAWN }), 400, missing);
    await expectError(await json(artist, "POST", "/api/artists/submit", { name: "No art" }), 400, missing);
    await expectError(await submit(artist, form({ name: "No file" })), 400, missing);
    await expectError(await json(artist, "POST", "/api/artists/submit", { name: "x".repeat(51), art: DRAWN }), 400, /name is at most 50 characters/);
    await expectError(await json(artist, "POST", "/api/artists/submit", { name: "<b>bold</b>", art: DRAWN }), 400, /plain text/);
    await expectError(
      await json(artist, "POST", "/api/artists/submit", { name: "Long", description: "d".repeat(501), art: DRAWN }),
      400,
      /description is at most 500/,
    );
    await expectError(await json(artist, "POST", "/api/artists/submit", { name: "Bad", art: { ...DRAWN, pixels: DRAWN.pixels.slice(1) } }), 400, /exactly 81/);
    await expectError(
      await json(artist, "POST", "/api/artists/submit", {
        name: "Bad",
        art: {
          palette: cells((i) => i)
            .slice(0, 17)
            .map((i) => `#0000${i.toString(16).padStart(2, "0")}`),
          pixels: DRAWN.pixels,
        },
      }),
      400,
      /1 to 16 colours/,
    );
    const both = form(
      { name: "Both", art: JSON.stringify(DRAWN) },
      { bytes: artToPng({ palette: [1], pixels: new Uint8Array(81) }, 1), name: "a.png", type: "image/png" },
    );
    await expectError(await submit(artist, both), 400, /either an image file or drawn art, not both/);
    await expectError(
      await artist.fetch("/api/artists/submit", { method: "POST", headers: { "content-type": "text/plain" }, body: "hi" }),
      415,
      /multipart\/form-data/,
    );
    assert.equal(await count(), before);
  });

  it("lets an artist edit only their own submissions, only until approved; an edited rejection goes back to review", async () => {
    const { artist, other, admin } = world.jars;
    const created = (await (await json(artist, "POST", "/api/artists/submit", { name: "Editable", art: DRAWN })).json()) as Submission;
    await expectError(await json(other, "PATCH", `/api/artists/submissions/${created.id}`, { name: "Mine now" }), 404, /No submission/);
    const edited = (await (await json(artist, "PATCH", `/api/artists/submissions/${created.id}`, { name: " Edited ", description: "" })).json()) as Submission;
    assert.deepEqual([edited.name, edited.description], ["Edited", null]);
    const replaced = await artist.fetch("/api/artists/submissions/upload-image", {
      method: "POST",
      body: form({ submissionId: String(created.id), art: JSON.stringify({ palette: ["#ff0000"], pixels: cells(() => 0) }) }),
    });
    const withNewArt = (await replaced.json()) as Submission;
    assert.equal(replaced.status, 200);
    assert.notEqual(withNewArt.imageUrl, created.imageUrl);
    assert.deepEqual(withNewArt.art, { palette: ["#ff0000"], pixels: cells(() => 0) });

    await expectError(
      await json(admin, "PATCH", `/api/admin/submissions/${created.id}/reject`, { adminNotes: "   " }),
      400,
      /Please provide a reason for rejection/,
    );
    const rejected = (await (
      await json(admin, "PATCH", `/api/admin/submissions/${created.id}/reject`, { adminNotes: "Colors exceed pixel art standards" })
    ).json()) as Submission;
    assert.deepEqual([rejected.status, rejected.adminNotes], ["rejected", "Colors exceed pixel art standards"]);
    await expectError(
      await json(admin, "PATCH", `/api/admin/submissions/${created.id}/reject`, { adminNotes: "Again" }),
      409,
      /cannot be rejected: it is rejected/,
      "submission_state",
    );
    const resubmitted = (await (
      await json(artist, "PATCH", `/api/artists/submissions/${created.id}`, { description: "Fewer colours now" })
    ).json()) as Submission;
    assert.deepEqual([resubmitted.status, resubmitted.adminNotes], ["pending", null], "the old rejection's notes do not stay on the piece");
    const reviewed = (await (await admin.fetch(`/api/admin/submissions/${created.id}`)).json()) as Submission;
    assert.equal(reviewed.adminNotes, null, "nor in the admin's view");
    const history = (await (await artist.fetch(`/api/submissions/${created.id}/conversations`)).json()) as ConversationMessage[];
    assert.ok(
      history.some((m) => m.messageType === "rejection" && m.message.includes("Colors exceed")),
      "the reason stays in the conversation",
    );
    // Rejected again and resubmitted with new art (upload-image): no notes either.
    await json(admin, "PATCH", `/api/admin/submissions/${created.id}/reject`, { adminNotes: "Still too many" });
    const reuploaded = await artist.fetch("/api/artists/submissions/upload-image", {
      method: "POST",
      body: form({ submissionId: String(created.id), art: JSON.stringify({ palette: ["#00ff00"], pixels: cells(() => 0) }) }),
    });
    assert.deepEqual(
      [
        ((await reuploaded.json()) as Submission).status,
        ((await (await artist.fetch("/api/artists/submissions")).json()) as Submission[]).find((x) => x.id === created.id)?.adminNotes,
      ],
      ["pending", null],
    );

    await world.api.database.db.update(submissions).set({ status: "approved" }).where(eq(submissions.id, created.id));
    await expectError(
      await json(artist, "PATCH", `/api/artists/submissions/${created.id}`, { name: "Too late" }),
      409,
      /Approved submissions cannot be edited/,
      "submission_state",
    );
    await expectError(await json(admin, "DELETE", `/api/admin/submissions/${created.id}`), 409, /cannot be deleted: it is approved/, "submission_state");
  });

  it("keeps a conversation per submission: a rejection appears as a rejection message; blank or huge messages are refused", async () => {
    const { artist, admin } = world.jars;
    const created = (await (await json(artist, "POST", "/api/artists/submit", drawnBody("Chatty"))).json()) as Submission;
    const path = `/api/submissions/${created.id}/conversations`;
    await expectError(await json(artist, "POST", path, { message: " \n " }), 400, /Please write a message/);
    await expectError(await json(artist, "POST", path, { message: "m".repeat(2001) }), 400, /at most 2000/);
    assert.equal((await json(artist, "POST", path, { message: "Is this\nok?" })).status, 201);
    assert.equal((await json(admin, "POST", path, { message: "Looking" })).status, 201);
    await json(admin, "PATCH", `/api/admin/submissions/${created.id}/reject`, { adminNotes: QUICK_REJECTION_REASONS[3] });
    const messages = (await (await artist.fetch(path)).json()) as ConversationMessage[];
    const kinds: MessageType[] = messages.map((m) => m.messageType);
    assert.deepEqual(kinds, ["text", "text", "rejection"]);
    assert.deepEqual(
      messages.map((m) => [m.senderType, m.messageType, m.message, m.senderName]),
      [
        ["artist", "text", "Is this\nok?", "Lumen"],
        ["admin", "text", "Looking", "Ada"],
        ["admin", "rejection", "Missing artistic elements", "Ada"],
      ],
    );
  });

  it("marks unread messages for each reader: the other side's messages since the reader last opened the conversation", async () => {
    const { artist, admin } = world.jars;
    const created = (await (await json(artist, "POST", "/api/artists/submit", drawnBody("Unread"))).json()) as Submission;
    const path = `/api/submissions/${created.id}/conversations`;
    const forArtist = async () =>
      ((await (await artist.fetch("/api/artists/submissions")).json()) as Submission[]).find((x) => x.id === created.id)?.unreadMessages;
    const forAdmin = async () =>
      ((await (await admin.fetch("/api/admin/submissions?status=all")).json()) as Submission[]).find((x) => x.id === created.id)?.unreadMessages;
    assert.deepEqual([await forArtist(), await forAdmin()], [0, 0]);
    await json(artist, "POST", path, { message: "Hello?" });
    await json(artist, "POST", path, { message: "Anyone?" });
    // The writer's own messages are never unread for them.
    assert.deepEqual([await forArtist(), await forAdmin()], [0, 2]);
    assert.equal(((await (await admin.fetch(`/api/admin/submissions/${created.id}`)).json()) as Submission).unreadMessages, 2);
    assert.equal((await admin.fetch(path)).status, 200);
    assert.deepEqual([await forArtist(), await forAdmin()], [0, 0], "opened by the admin");
    await json(admin, "POST", path, { message: "Here" });
    await json(admin, "PATCH", `/api/admin/submissions/${created.id}/reject`, { adminNotes: "Too dark" });
    assert.deepEqual([await forArtist(), await forAdmin()], [2, 0], "the reply and the rejection");
    await json(artist, "POST", path, { message: "Thanks" });
    assert.deepEqual([await forArtist(), await forAdmin()], [2, 1]);
    assert.equal((await artist.fetch(path)).status, 200);
    assert.deepEqual([await forArtist(), await forAdmin()], [0, 1], "opened by the artist; the admin has not read the thanks");
    // Another artist cannot read it (404), and so marks nothing.
    assert.equal((await world.jars.other.fetch(path)).status, 404);
  });

  it("impersonation: the artist routes act as the artist, every action is on record as the admin's, one click ends it", async () => {
    const { admin } = world.jars;
    await expectError(await admin.fetch("/api/artists/current"), 403, /Artists only/);
    const started = await json(admin, "POST", `/api/admin/artist-login/${TEST_ARTISTS.other.id}`);
    assert.equal(started.status, 200);
    const current = (await (await admin.fetch("/api/artists/current")).json()) as CurrentArtist;
    assert.deepEqual([current.id, current.impersonation?.artistName, current.impersonation?.admin], [TEST_ARTISTS.other.id, "Orla", "admin@pixlings.test"]);
    const created = (await (await json(admin, "POST", "/api/artists/submit", { name: "By the admin", art: DRAWN })).json()) as Submission;
    assert.equal(created.artistId, TEST_ARTISTS.other.id);
    const [row] = await world.api.database.db.select({ by: submissions.createdByAdminId }).from(submissions).where(eq(submissions.id, created.id));
    assert.ok(row?.by, "created by the admin");
    const said = (await (
      await json(admin, "POST", `/api/submissions/${created.id}/conversations`, { message: "Written while impersonating" })
    ).json()) as ConversationMessage;
    assert.equal(said.senderType, "admin");
    // The admin area still works meanwhile.
    assert.equal((await admin.fetch("/api/admin/submissions")).status, 200);
    const ended = await json(admin, "POST", "/api/admin/artist-logout");
    assert.deepEqual(await ended.json(), { message: "Stopped viewing as the artist" });
    await expectError(await admin.fetch("/api/artists/current"), 403, /Artists only/);
    const log = (await (await admin.fetch("/api/admin/audit-log?limit=10")).json()) as AuditEntry[];
    assert.deepEqual(
      log.slice(0, 4).map((e) => [e.action, e.admin, e.artistId]),
      [
        ["impersonation.end", "admin@pixlings.test", TEST_ARTISTS.other.id],
        ["as-artist.message", "admin@pixlings.test", TEST_ARTISTS.other.id],
        ["as-artist.submit", "admin@pixlings.test", TEST_ARTISTS.other.id],
        ["impersonation.start", "admin@pixlings.test", TEST_ARTISTS.other.id],
      ],
    );
  });

  it("validates the admin's artist edits: required name and email, one artist per email, no deleting an artist with Pix", async () => {
    const { admin } = world.jars;
    await expectError(await json(admin, "POST", "/api/admin/artists", { email: "x@artists.pixlings.test" }), 400, /name/);
    await expectError(await json(admin, "POST", "/api/admin/artists", { name: "No Email" }), 400, /email/i);
    await expectError(
      await json(admin, "POST", "/api/admin/artists", { name: "Copy", email: "LUMEN@studio.pixlings.test" }),
      409,
      /has the email/,
      "artist_email_taken",
    );
    await expectError(
      await json(admin, "POST", "/api/admin/artists", { name: "Site", email: "site@a.test", website: "javascript:alert(1)" }),
      400,
      /http\(s\) URL/,
    );
    const created = (await (await json(admin, "POST", "/api/admin/artists", { name: "Zoë Q", email: "zoe@artists.pixlings.test" })).json()) as AdminArtist;
    assert.deepEqual([created.slug, created.isApproved, created.isVerified, created.hasAccount], ["zoe-q", true, false, false]);
    assert.ok(created.id >= 1000);
    await expectError(await json(admin, "PATCH", `/api/admin/artists/${created.id}`, { name: "  " }), 400, /Artist name is required/);
    await world.api.database.db
      .insert(catalogue)
      .values({ tokenId: 5, name: "Five", description: "", tier: "Artist", artistId: created.id, colorCount: 2, symmetry: "none" });
    // The artists' cards count each artist's submissions awaiting review.
    const listed = (await (await admin.fetch("/api/admin/artists")).json()) as AdminArtist[];
    const pendingOf = (id: number): number | undefined => listed.find((a) => a.id === id)?.pendingSubmissions;
    const [{ pending } = { pending: 0 }] = await world.api.database.db
      .select({ pending: sql<number>`count(*)::integer` })
      .from(submissions)
      .where(sql`${submissions.artistId} = ${TEST_ARTISTS.artist.id} and ${submissions.status} = 'pending'`);
    assert.ok(pending > 0);
    assert.deepEqual([pendingOf(TEST_ARTISTS.artist.id), pendingOf(created.id)], [pending, 0]);
    await expectError(await json(admin, "DELETE", `/api/admin/artists/${created.id}`), 409, /credited with 1 Pix/, "artist_has_pieces");
  });

  it("validates the approve: token id 1..9999 with the spec's messages, and the art version reviewed", async () => {
    const { admin, artist } = world.jars;
    const created = (await (await json(artist, "POST", "/api/artists/submit", { name: "Target", art: DRAWN })).json()) as Submission;
    const approve = (body: unknown): Promise<Response> => json(admin, "PATCH", `/api/admin/submissions/${created.id}/approve`, body);
    await expectError(await approve({ artVersion: 1 }), 400, /Missing Information: Please provide a target token ID\./);
    for (const targetTokenId of [0, 10000, 1.5])
      await expectError(await approve({ targetTokenId, artVersion: 1 }), 400, /Invalid token ID\. Must be between 1 and 9999/);
    await expectError(await approve({ targetTokenId: 7 }), 400, /the art version you reviewed \(artVersion\)/);
    for (const artVersion of [0, 1.5, "1"]) await expectError(await approve({ targetTokenId: 7, artVersion }), 400, /artVersion/);
    await expectError(await approve({ targetTokenId: 7, artVersion: 1 }), 503, /art-admin key/, "art_admin_off");
  });
});
