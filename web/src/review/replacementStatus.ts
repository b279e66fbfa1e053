import type { ArtReplacement, ChainJobState } from "@pixlings/shared/http/submissions";

/**
 * Waiting this long for the indexer after every chain confirmed is no longer normal (a chain the
 * indexer does not follow, art written over by an operator): Abandon is offered then too.
 */
const STUCK_INDEXING_MS = 2 * 60_000;

/** What the admin reads about Approve & Replace as a whole, and which actions are offered. */
export interface ReplacementSummary {
  text: string;
  retry: boolean;
  abandon: boolean;
  done: boolean;
}

const confirmedOf = (replacement: ArtReplacement): string =>
  `${replacement.chains.filter((chain) => chain.state === "confirmed").length} of ${replacement.chains.length} chains confirmed`;
const failedOf = (replacement: ArtReplacement): string => {
  const failed = replacement.chains.filter((chain) => chain.state === "failed").map((chain) => chain.chainName);
  return failed.length > 0 ? failed.join(" and ") : "a chain";
};

/** While an abandoned replacement gives the chains their old art back. */
function abandoningSummary(replacement: ArtReplacement): ReplacementSummary {
  const idle = { retry: false, abandon: false, done: false };
  switch (replacement.state) {
    case "writing":
      return { ...idle, text: `Abandoning: writing the old art back: ${confirmedOf(replacement)}...` };
    case "indexing":
      return { ...idle, text: "The old art is back on every chain. Waiting for the indexer, then the Pix is released..." };
    case "failed":
      return {
        ...idle,
        retry: true,
        text: `Abandoning failed on ${failedOf(replacement)}: Pix #${replacement.tokenId} stays on hold. Retry continues where it stopped.`,
      };
    case "done":
      return { ...idle, text: `Pix #${replacement.tokenId} has its old art back on every chain.`, done: true };
  }
}

/** `now`: the clock, for how long the indexer has been awaited. */
export function replacementSummary(replacement: ArtReplacement, now: number = Date.now()): ReplacementSummary {
  if (replacement.abandonedAt) return abandoningSummary(replacement);
  switch (replacement.state) {
    case "writing":
      return { text: `Writing the new art on-chain: ${confirmedOf(replacement)}...`, retry: false, abandon: false, done: false };
    case "indexing": {
      const since = Math.max(...replacement.chains.map((chain) => Date.parse(chain.updatedAt)));
      const stuck = now - since > STUCK_INDEXING_MS;
      const text = stuck
        ? `Every chain confirmed, but the indexer has not shown the new art for ${Math.floor((now - since) / 60_000)} minutes. Abandon gives the chains their old art back and releases the Pix.`
        : "Every chain confirmed. Waiting for the indexer to show the new art...";
      return { text, retry: false, abandon: stuck, done: false };
    }
    case "failed":
      return {
        text: `The replacement of Pix #${replacement.tokenId} failed on ${failedOf(replacement)} and is not done. Retry continues where it stopped; Abandon gives the chains their old art back and releases the Pix.`,
        retry: true,
        abandon: true,
        done: false,
      };
    case "done":
      return { text: `Pix #${replacement.tokenId} shows the new art on every chain.`, retry: false, abandon: false, done: true };
  }
}

/** A chain job's state in words. */
export const CHAIN_STATE_LABEL: Record<ChainJobState, string> = {
  pending: "Waiting to send",
  sent: "Sent, waiting for confirmation",
  confirmed: "Confirmed",
  failed: "Failed",
};
