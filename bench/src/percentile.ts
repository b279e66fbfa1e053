/** Nearest rank: the smallest value with at least p% of the values at or below it (`sorted` ascending). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error("no samples");
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}
