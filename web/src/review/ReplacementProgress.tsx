import { useState } from "react";
import type { ArtReplacement } from "@pixlings/shared/http/submissions";
import { ui } from "../components/ui.ts";
import { shortHash } from "../format/format.ts";
import { CHAIN_STATE_LABEL, replacementSummary } from "./replacementStatus.ts";

const STATE_LOOK = {
  pending: "text-neutral-700 dark:text-neutral-300",
  sent: "text-sky-800 dark:text-sky-300",
  confirmed: "text-green-800 dark:text-green-300",
  failed: "text-red-800 dark:text-red-300",
} as const;

/** Abandon, asked twice: the first click says what it does. */
function AbandonButton({ tokenId, onAbandon, busy }: { tokenId: number; onAbandon(): void; busy: boolean }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className={`${ui.secondary} w-fit`} onClick={() => setAsking(true)} disabled={busy}>
        Abandon
      </button>
    );
  }
  return (
    <fieldset
      aria-label="Abandon the replacement"
      className="flex flex-col gap-2 rounded-md bg-amber-100 p-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
    >
      <p>Every chain that got the new art gets Pix #{tokenId}'s old art back; then the Pix is released and the submission is pending again.</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={`${ui.danger} w-fit`} onClick={onAbandon} disabled={busy}>
          {busy ? "Abandoning..." : "Abandon the replacement"}
        </button>
        <button type="button" className={`${ui.secondary} w-fit`} onClick={() => setAsking(false)} disabled={busy}>
          Keep it
        </button>
      </div>
    </fieldset>
  );
}

/** Approve & Replace on every chain: each chain's state (and transaction), what it means as a whole, Retry or Abandon after a failure. */
export function ReplacementProgress({
  replacement,
  onRetry,
  retrying,
  onAbandon,
  abandoning,
}: {
  replacement: ArtReplacement;
  onRetry(): void;
  retrying: boolean;
  onAbandon(): void;
  abandoning: boolean;
}) {
  const summary = replacementSummary(replacement);
  return (
    <section aria-label="Replacement progress" className="flex flex-col gap-2 rounded-lg border border-neutral-200 p-3 dark:border-neutral-700">
      <p role="status" className={`text-sm font-medium ${summary.retry ? "text-red-800 dark:text-red-200" : ""}`}>
        {summary.text}
      </p>
      <ul className="flex flex-col gap-1 text-sm">
        {replacement.chains.map((chain) => (
          <li key={chain.chainId} className="flex flex-col">
            <span>
              <span className="font-semibold">{chain.chainName}</span>: <span className={STATE_LOOK[chain.state]}>{CHAIN_STATE_LABEL[chain.state]}</span>
              {chain.txHash && <span className={`ml-1 font-mono text-xs ${ui.muted}`}>{shortHash(chain.txHash)}</span>}
            </span>
            {chain.error && <span className="text-xs break-words text-red-800 dark:text-red-300">{chain.error}</span>}
          </li>
        ))}
      </ul>
      {summary.retry && (
        <button type="button" className={`${ui.primary} w-fit`} onClick={onRetry} disabled={retrying || abandoning}>
          {retrying ? "Retrying..." : "Retry"}
        </button>
      )}
      {summary.abandon && <AbandonButton tokenId={replacement.tokenId} onAbandon={onAbandon} busy={abandoning || retrying} />}
    </section>
  );
}
