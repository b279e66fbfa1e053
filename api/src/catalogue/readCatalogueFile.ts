import { readFile } from "node:fs/promises";
import { z } from "zod";
import { SYMMETRY_BY_CODE, type Symmetry } from "@pixlings/shared/art/symmetry";
import { COLLECTION, isArtistId, isValidTokenId } from "@pixlings/shared/collection";
import { TIER_NAMES, type TierName } from "@pixlings/shared/tiers";
import { formatZodError } from "../http/parseInput.ts";

/** An artist as the art generator lists it (scripts/art/artists.ts). */
export interface CatalogueArtist {
  id: number;
  slug: string;
  name: string;
  email: string;
  bio: string;
  website: string;
}

/** One piece's catalogue text and traits (scripts/art/catalogue.ts `CatalogueEntry`). */
export interface CataloguePiece {
  tokenId: number;
  name: string;
  description: string;
  tier: TierName;
  artistId?: number | undefined;
  colorCount: number;
  symmetry: Symmetry;
}

export interface CatalogueFile {
  seed: string;
  artists: CatalogueArtist[];
  pieces: CataloguePiece[];
}

const ArtistSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string().min(1),
  name: z.string().min(1),
  email: z.string(),
  bio: z.string(),
  website: z.string(),
});

const PieceSchema = z
  .object({
    tokenId: z.number().int().refine(isValidTokenId, "must be a token id 1-9999"),
    name: z.string().min(1),
    description: z.string(),
    tier: z.enum(TIER_NAMES as [TierName, ...TierName[]]),
    artistId: z.number().int().positive().optional(),
    colorCount: z.number().int().min(1).max(COLLECTION.maxColors),
    symmetry: z.enum(SYMMETRY_BY_CODE as [Symmetry, ...Symmetry[]]),
  })
  .refine((p) => (p.tier === "Artist") === isArtistId(p.tokenId), "only the first 13 ids of each drop are Artist tier");

const CatalogueSchema = z
  .object({ seed: z.string(), artists: z.array(ArtistSchema), pieces: z.array(PieceSchema) })
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

/** Reads and validates the art generator's catalogue.json (written by `npm run setup`). */
export async function readCatalogueFile(file: string): Promise<CatalogueFile> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new Error(`cannot read the catalogue ${file} (run \`npm run setup\` to build the art): ${(error as Error).message}`);
  }
  const result = CatalogueSchema.safeParse(JSON.parse(text));
  if (!result.success) throw new Error(`invalid catalogue ${file}: ${formatZodError(result.error, "")}`);
  return result.data;
}
