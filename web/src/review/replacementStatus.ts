import type { ArtReplacement, ChainJobState } from "@pixlings/shared/http/submissions";

/** What the admin reads about Approve & Replace as a whole, and whether Retry is offered. */
export function replacementSummary(replacement: ArtReplacement): { text: string; retry: boolean; done: boolean } {
  switch (replacement.state) {
    case "writing": {
      const confirmed = replacement.chains.filter((chain) => chain.state === "confirmed").length;
      return { text: `Writing the new art on-chain: ${confirmed} of ${replacement.chains.length} chains confirmed...`, retry: false, done: false };
    }
    case "indexing":
      return { text: "Every chain confirmed. Waiting for the indexer to show the new art...", retry: false, done: false };
    case "failed": {
      const failed = replacement.chains.filter((chain) => chain.state === "failed").map((chain) => chain.chainName);
      return {
        text: `The replacement of Pix #${replacement.tokenId} failed on ${failed.length > 0 ? failed.join(" and ") : "a chain"} and is not done. Retry continues where it stopped.`,
        retry: true,
        done: false,
      };
    }
    case "done":
      return { text: `Pix #${replacement.tokenId} shows the new art on every chain.`, retry: false, done: true };
  }
}

/** A chain job's state in words. */
export const CHAIN_STATE_LABEL: Record<ChainJobState, string> = {
  pending: "Waiting to send",
  sent: "Sent, waiting for confirmation",
  confirmed: "Confirmed",
  failed: "Failed",
};
