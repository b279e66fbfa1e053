import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { SYMMETRY_BY_CODE, type Symmetry } from "@pixlings/shared/art/symmetry";
import { TIER_NAMES, type TierName } from "@pixlings/shared/tiers";
import { timestamptz } from "./columns.ts";
import { users } from "./accounts.ts";

export const artists = pgTable(
  "artists",
  {
    id: integer("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    email: text("email"),
    bio: text("bio"),
    website: text("website"),
    isVerified: boolean("is_verified").notNull().default(false),
    isApproved: boolean("is_approved").notNull().default(false),
    /** The account that acts as this artist (ARTIST_EMAILS, linked at its sign-in). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("artists_user_id_idx").on(t.userId)],
);

export const tier = pgEnum("tier", TIER_NAMES as [TierName, ...TierName[]]);
export const symmetry = pgEnum("symmetry", SYMMETRY_BY_CODE as [Symmetry, ...Symmetry[]]);

/** Off-chain text of every Pix: generated name and description, plus the owner's custom ones. */
export const catalogue = pgTable(
  "catalogue",
  {
    tokenId: integer("token_id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    tier: tier("tier").notNull(),
    artistId: integer("artist_id").references(() => artists.id),
    colorCount: integer("color_count").notNull(),
    symmetry: symmetry("symmetry").notNull(),
    customName: text("custom_name"),
    customDescription: text("custom_description"),
    /**
     * Set when an admin assigned the artist or an approved submission replaced the piece: the seed
     * then leaves the row's name, description, artist and traits alone.
     */
    curatedAt: timestamptz("curated_at"),
    /** The `stories_version` of the last edit of the row (custom name or story, or curation; 0: never edited). */
    storyVersion: bigint("story_version", { mode: "number" }).notNull().default(0),
  },
  (t) => [index("catalogue_tier_idx").on(t.tier), index("catalogue_artist_id_idx").on(t.artistId), index("catalogue_story_version_idx").on(t.storyVersion)],
);

/**
 * One row: +1 per story edit, in the edit's transaction. Its row lock orders the edits, so the
 * versions commit in order and "every row above the version I had" is all an API process missed.
 */
export const storiesVersion = pgTable(
  "stories_version",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("stories_version_single_row", sql`${t.id} = 1`)],
);
