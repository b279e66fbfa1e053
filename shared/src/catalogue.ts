import { z } from "zod";
import { SYMMETRY_BY_CODE, type Symmetry } from "./art/symmetry.ts";
import { COLLECTION, isArtistId, isValidTokenId } from "./collection.ts";
import { TIER_NAMES, type TierName } from "./tiers.ts";

/**
 * The catalogue file (`.pixlings/art/catalogue.json`): written by the art generator
 * (scripts/art), read by the API to seed its catalogue. The one home of its format.
 */
const CatalogueArtistSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string().min(1),
  name: z.string().min(1),
  email: z.string(),
  bio: z.string(),
  website: z.string(),
});

const CatalogueEntrySchema = z
  .object({
    tokenId: z.number().int().refine(isValidTokenId, "must be a token id 1-9999"),
    name: z.string().min(1),
    description: z.string(),
    tier: z.enum(TIER_NAMES as [TierName, ...TierName[]]),
    artistId: z.number().int().positive().optional(),
    colorCount: z.number().int().min(1).max(COLLECTION.maxColors),
    symmetry: z.enum(SYMMETRY_BY_CODE as [Symmetry, ...Symmetry[]]),
    /** What the generator drew (creature, object, …); informational. */
    kind: z.string().optional(),
  })
  .refine((p) => (p.tier === "Artist") === isArtistId(p.tokenId), "only the first 13 ids of each drop are Artist tier");

export const CatalogueSchema = z
  .object({ seed: z.string(), artists: z.array(CatalogueArtistSchema), pieces: z.array(CatalogueEntrySchema) })
  .superRefine((c, ctx) => {
    const artistIds = new Set(c.artists.map((a) => a.id));
    const tokenIds = new Set<number>();
    for (const p of c.pieces) {
      if (tokenIds.has(p.tokenId)) ctx.addIssue({ code: "custom", message: `token ${p.tokenId} is listed twice` });
      tokenIds.add(p.tokenId);
      if (p.artistId !== undefined && !artistIds.has(p.artistId)) {
        ctx.addIssue({ code: "custom", message: `token ${p.tokenId} names unknown artist ${p.artistId}` });
      }
    }
  });

export type CatalogueArtist = z.infer<typeof CatalogueArtistSchema>;
export type CatalogueEntry = z.infer<typeof CatalogueEntrySchema>;
export type Catalogue = z.infer<typeof CatalogueSchema>;
