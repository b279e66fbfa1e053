import { existsSync } from "node:fs";
import { chunkBlobs, loadArt } from "../art/chunks.ts";
import { ART_DIR } from "../paths.ts";
import type { ArtChunk } from "./uploadArt.ts";

/** The art built by `npm run setup` (scripts/art), cut into the contract's chunks. */
export async function loadArtChunks(dir: string = ART_DIR): Promise<ArtChunk[]> {
  if (!existsSync(dir)) throw new Error(`No art in ${dir}: run \`npm run setup\` (it builds the art).`);
  return chunkBlobs(await loadArt(dir));
}
