import { decodeBlob } from "../../shared/src/art/codec.ts";
import { CELL_COUNT, COLLECTION } from "../../shared/src/collection.ts";
import type { ArtChunk } from "../deploy/upload-art.ts";
import type { BenchClients } from "./clients.ts";
import { benchAbi, type Target } from "./targets.ts";

const N = COLLECTION.gridSize;

/** Paints the SVG's rects in order onto a 9x9 grid of RGB values; a rect without `fill` takes its group's. */
function rasterize(svg: string): number[] {
  const grid = new Array<number>(CELL_COUNT).fill(-1);
  const fills: string[] = [];
  for (const [, close, tag, attrs] of svg.matchAll(/<(\/?)(g|rect)\b([^>]*)>/g)) {
    const attr = (name: string): string | undefined => new RegExp(`\\s${name}="([^"]*)"`).exec(attrs!)?.[1];
    if (tag === "g") {
      if (close) fills.pop();
      else fills.push(attr("fill") ?? fills.at(-1) ?? "#000000");
      continue;
    }
    const [x, y, w, h] = ["x", "y", "width", "height"].map((name) => Number(attr(name) ?? "0"));
    const rgb = parseInt((attr("fill") ?? fills.at(-1) ?? "#000000").slice(1), 16);
    for (let r = y!; r < y! + h!; r++) for (let c = x!; c < x! + w!; c++) grid[r * N + c] = rgb;
  }
  return grid;
}

function expectedPixels(chunks: readonly ArtChunk[], id: number): number[] {
  const chunk = chunks.find((c) => id >= c.firstId && id < c.firstId + c.tiers.length);
  if (!chunk) throw new Error(`no art chunk holds id ${id}`);
  const piece = decodeBlob(chunk.blob)[id - chunk.firstId]!;
  return Array.from(piece.pixels, (p) => piece.palette[p]!);
}

/** The SVG inside the base64 JSON that `tokenURI(id)` of `target` returns. */
export async function svgOf(clients: BenchClients, target: Target, id: bigint): Promise<string> {
  const uri = await clients.publicClient.readContract({ address: target.address, abi: benchAbi, functionName: "tokenURI", args: [id] });
  const json = JSON.parse(Buffer.from(uri.replace("data:application/json;base64,", ""), "base64").toString("utf8")) as {
    image: string;
  };
  return Buffer.from(json.image.replace("data:image/svg+xml;base64,", ""), "base64").toString("utf8");
}

/** Checks that `tokenURI(id)` of `target` decodes to JSON whose SVG draws exactly the art of `id`. */
export async function checkTokenUri(clients: BenchClients, target: Target, chunks: readonly ArtChunk[], id: bigint): Promise<void> {
  const drawn = rasterize(await svgOf(clients, target, id));
  const expected = expectedPixels(chunks, Number(id));
  const wrong = drawn.findIndex((rgb, cell) => rgb !== expected[cell]);
  if (wrong !== -1) throw new Error(`${target.label}: tokenURI(${id}) draws pixel ${wrong} wrong`);
}
