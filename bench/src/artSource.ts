import { loadArtChunks } from "@pixlings/scripts/deploy/artChunks";
import type { ArtChunk } from "@pixlings/scripts/deploy/uploadArt";
import { ART_DIR } from "@pixlings/scripts/paths";
import { plainChunks } from "./plainArt.ts";

export interface BenchArt {
  /** Pixlings' chunks, as `writeArtChunk` takes them (scripts/art). */
  chunks: ArtChunk[];
  /** The same pictures in the baselines' plain layout. */
  plain: ArtChunk[];
  /** Tier code (1 Common, 2 Rare, 3 Artist) of every id, index = id. */
  tiers: Uint8Array;
}

/** The generated art of all 9,999 pieces (built by `npm run setup` into .pixlings/art). */
export async function loadBenchArt(dir: string = ART_DIR): Promise<BenchArt> {
  const chunks = await loadArtChunks(dir);
  const tiers = new Uint8Array(10_000);
  for (const chunk of chunks) tiers.set(chunk.tiers, chunk.firstId);
  const pieces = chunks.reduce((n, chunk) => n + chunk.tiers.length, 0);
  if (pieces !== 9999) throw new Error(`expected 9,999 pieces of art, got ${pieces}`);
  return { chunks, plain: plainChunks(chunks), tiers };
}
