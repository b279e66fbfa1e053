// `npm test` runs the browser tests as two halves side by side, each with a stack of its own: the
// tests wait on chains, the indexer and the browser far more than they compute, so two halves take
// about half the time of one run. The split is by measured run time, not by count.

/** Spec files (in test/e2e/) of the second half; the first half takes every other spec file. */
export const SECOND_HALF: readonly string[] = [
  "accounts",
  "card",
  "cardAfterSale",
  "pages",
  "browseCards",
  "layout",
  "noWallet",
  "collectorArtists",
  "verify",
  "trust",
  "activity",
  "images",
];

/** Playwright's testMatch or testIgnore for `PIXLINGS_E2E_HALF` (1 or 2); unset or empty: every spec. */
export function e2eHalf(value: string | undefined): { half: 1 | 2; testMatch?: string[]; testIgnore?: string[] } | undefined {
  if (value === undefined || value === "") return undefined;
  const specs = SECOND_HALF.map((name) => `**/${name}.spec.ts`);
  if (value === "1") return { half: 1, testIgnore: specs };
  if (value === "2") return { half: 2, testMatch: specs };
  throw new Error(`PIXLINGS_E2E_HALF must be 1 or 2 (got ${JSON.stringify(value)})`);
}
