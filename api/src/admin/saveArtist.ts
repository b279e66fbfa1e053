import { and, eq, ne, sql } from "drizzle-orm";
import type { CreateArtistRequest, UpdateArtistRequest } from "@pixlings/shared/http/admin";
import type { Db } from "../db/openDatabase.ts";
import { artists } from "../db/tables/catalogue.ts";
import { saveCatalogueEdit } from "../catalogue/saveCatalogueEdit.ts";
import { CodedError, notFound } from "../http/HttpError.ts";
import type { SessionUser } from "../users/sessionUser.ts";
import { recordAudit } from "../audit/recordAudit.ts";
import { slugOf } from "./artistFields.ts";

/** Artists created here get ids from 1000 on, clear of the art generator's catalogue ids (seeded by id). */
const FIRST_ADMIN_ARTIST_ID = 1000;

async function refuseTakenEmail(db: Db, email: string, except?: number): Promise<void> {
  const [taken] = await db
    .select({ id: artists.id })
    .from(artists)
    .where(and(sql`lower(${artists.email}) = ${email}`, except === undefined ? undefined : ne(artists.id, except)))
    .limit(1);
  if (taken) throw new CodedError(`Another artist (${taken.id}) has the email ${email}`, { code: "artist_email_taken", artistId: taken.id });
}

/** Creates an artist (approved unless told otherwise) with a free slug and id; answers its id. */
export async function createArtist(
  db: Db,
  admin: SessionUser,
  fields: Required<Pick<CreateArtistRequest, "name" | "email">> & CreateArtistRequest,
): Promise<number> {
  await refuseTakenEmail(db, fields.email);
  return db.transaction(async (tx) => {
    // One writer at a time picks the next id and slug.
    await tx.execute(sql`lock table ${artists} in share row exclusive mode`);
    const [{ next } = { next: FIRST_ADMIN_ARTIST_ID }] = await tx
      .select({ next: sql<number>`greatest(coalesce(max(${artists.id}), 0) + 1, ${FIRST_ADMIN_ARTIST_ID})`.mapWith(Number) })
      .from(artists);
    const base = slugOf(fields.name);
    const taken = new Set(
      (
        await tx
          .select({ slug: artists.slug })
          .from(artists)
          .where(sql`${artists.slug} like ${`${base}%`}`)
      ).map((r) => r.slug),
    );
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    await tx.insert(artists).values({
      id: next,
      slug,
      name: fields.name,
      email: fields.email,
      bio: fields.bio ?? null,
      website: fields.website ?? null,
      isApproved: fields.isApproved ?? true,
      isVerified: fields.isVerified ?? false,
    });
    await recordAudit(tx, admin, { action: "artist.create", artistId: next, detail: `${fields.name} <${fields.email}>` });
    return next;
  });
}

/**
 * Changes an artist's fields. A new email unlinks the account that acted as the artist (the new
 * email's account links at its next sign-in); a new name or website reaches every Pix of the
 * artist in every API process (their catalogue rows are stamped, as a story edit is).
 */
export async function updateArtist(db: Db, admin: SessionUser, id: number, fields: UpdateArtistRequest): Promise<void> {
  const [before] = await db.select().from(artists).where(eq(artists.id, id));
  if (!before) throw notFound(`No artist ${id}`);
  if (fields.email !== undefined && fields.email !== before.email?.toLowerCase()) await refuseTakenEmail(db, fields.email, id);
  await db.transaction(async (tx) => {
    const emailChanged = fields.email !== undefined && fields.email !== before.email?.toLowerCase();
    await tx
      .update(artists)
      .set({ ...fields, ...(emailChanged ? { userId: null } : {}) })
      .where(eq(artists.id, id));
    if ((fields.name !== undefined && fields.name !== before.name) || (fields.website !== undefined && fields.website !== before.website)) {
      await saveCatalogueEdit(tx, { artistId: id }, {});
    }
    await recordAudit(tx, admin, { action: "artist.update", artistId: id, detail: Object.keys(fields).join(", ") });
  });
}
