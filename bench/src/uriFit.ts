import type { ArtChunk } from "@pixlings/scripts/deploy/uploadArt";
import { svgOf } from "./check.ts";
import type { BenchClients } from "./clients.ts";
import type { TargetResult } from "./measure.ts";

/** Least squares y = b0 + b1*x1 + ... by the normal equations (Gauss-Jordan). */
function fit(xs: readonly number[][], ys: readonly number[]): number[] {
  const k = xs[0]!.length + 1;
  const m = Array.from({ length: k }, () => new Array<number>(k + 1).fill(0));
  xs.forEach((x, r) => {
    const v = [1, ...x];
    for (let i = 0; i < k; i++) {
      for (let j = 0; j < k; j++) m[i]![j]! += v[i]! * v[j]!;
      m[i]![k]! += v[i]! * ys[r]!;
    }
  });
  for (let i = 0; i < k; i++) {
    const pivot = m[i]![i]!;
    for (let j = i; j <= k; j++) m[i]![j]! /= pivot;
    for (let r = 0; r < k; r++) {
      if (r === i) continue;
      const f = m[r]![i]!;
      for (let j = i; j <= k; j++) m[r]![j]! -= f * m[i]![j]!;
    }
  }
  return m.map((row) => row[k]!);
}

/**
 * Explains Pixlings' tokenURI gas over the sampled ids by its SVG (rects, distinct colours) and
 * the piece's position in its chunk (pieces the decoder steps over to find it).
 */
export async function printTokenUriFit(clients: BenchClients, chunks: readonly ArtChunk[], result: TargetResult): Promise<void> {
  const xs = await Promise.all(
    result.tokenUri.map(async ({ id }): Promise<number[]> => {
      const chunk = chunks.find((c) => Number(id) >= c.firstId && Number(id) < c.firstId + c.tiers.length)!;
      const svg = await svgOf(clients, result.target, id);
      const colours = new Set(svg.match(/fill=["']#[0-9a-fA-F]{6}/g) ?? []).size;
      return [svg.split("<rect").length - 1, colours, Number(id) - chunk.firstId];
    }),
  );
  const ys = result.tokenUri.map((sample) => sample.gas);
  const [a, perRect, perColour, perSkip] = fit(xs, ys) as [number, number, number, number];
  const predict = (x: number[]): number => a + perRect * x[0]! + perColour * x[1]! + perSkip * x[2]!;
  const worst = Math.max(...xs.map((x, i) => Math.abs(ys[i]! - predict(x))));
  const avg = (i: number): number => xs.reduce((sum, x) => sum + x[i]!, 0) / xs.length;
  const n = (v: number): string => Math.round(v).toLocaleString("en-US");
  console.log(
    `${result.target.label} tokenURI over ${xs.length} ids: gas ~ ${n(a)} + ${n(perRect)} a rect of its SVG + ` +
      `${n(perColour)} a colour + ${n(perSkip)} a piece before it in its chunk (worst error ${n(worst)}); ` +
      `sample average ${avg(0).toFixed(1)} rects, ${avg(1).toFixed(1)} colours, ${avg(2).toFixed(0)} pieces before.\n`,
  );
}
