import { decodeBlob } from "@pixlings/shared/art/codec";
import { svgToPixels } from "@pixlings/shared/art/svg";
import { decodeTokenUri, svgOfImage } from "@pixlings/shared/art/tokenUri";
import type { ArtChunk } from "@pixlings/scripts/deploy/uploadArt";
import type { BenchClients } from "./clients.ts";
import { benchAbi, type Target } from "./targets.ts";

function expectedPixels(chunks: readonly ArtChunk[], id: number): number[] {
  const chunk = chunks.find((c) => id >= c.firstId && id < c.firstId + c.tiers.length);
  if (!chunk) throw new Error(`no art chunk holds id ${id}`);
  const piece = decodeBlob(chunk.blob)[id - chunk.firstId]!;
  return Array.from(piece.pixels, (p) => piece.palette[p]!);
}

/** The SVG inside the JSON that `tokenURI(id)` of `target` returns. */
export async function svgOf(clients: BenchClients, target: Target, id: bigint): Promise<string> {
  const uri = await clients.publicClient.readContract({ address: target.address, abi: benchAbi, functionName: "tokenURI", args: [id] });
  return svgOfImage(decodeTokenUri(uri).image);
}

/** Checks that `tokenURI(id)` of `target` decodes to JSON whose SVG draws exactly the art of `id`. */
export async function checkTokenUri(clients: BenchClients, target: Target, chunks: readonly ArtChunk[], id: bigint): Promise<void> {
  const drawn = svgToPixels(await svgOf(clients, target, id));
  const expected = expectedPixels(chunks, Number(id));
  const wrong = drawn.findIndex((rgb, cell) => rgb !== expected[cell]);
  if (wrong !== -1) throw new Error(`${target.label}: tokenURI(${id}) draws pixel ${wrong} wrong`);
}
