import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { queries } from "../../api/queries.ts";
import { displayName } from "../../cart/addToCart.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { PixImage } from "../../components/PixImage.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { ui } from "../../components/ui.ts";

/** Available Common Pix, a page at a time, each a checkbox; at most `max` chosen. */
export function CommonPixPicker({ chosen, max, onChange }: { chosen: readonly number[]; max: number; onChange(chosen: number[]): void }) {
  const [page, setPage] = useState(1);
  const available = useQuery(queries.available(page, "common"));
  const full = chosen.length >= max;

  if (available.isLoading) return <Spinner label="Loading Common Pix..." />;
  if (available.error || !available.data) {
    return available.error ? (
      <ErrorNotice error={available.error} title="Could not load the Common Pix" onRetry={() => void available.refetch()} retrying={available.isFetching} />
    ) : null;
  }
  const { nfts, pagination } = available.data;
  const toggle = (tokenId: number, on: boolean) => onChange(on ? [...chosen, tokenId] : chosen.filter((id) => id !== tokenId));
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 font-semibold">
        Choose up to {max} Common Pix{" "}
        <span className={`text-sm font-normal ${ui.muted}`} aria-live="polite">
          ({chosen.length} of {max} chosen)
        </span>
      </legend>
      {nfts.length === 0 ? (
        <p className={ui.muted}>No Common Pix are available right now.</p>
      ) : (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-8">
          {nfts.map((nft) => {
            const checked = chosen.includes(nft.tokenId);
            return (
              <li key={nft.tokenId}>
                <label className="flex cursor-pointer flex-col gap-1 rounded-md border border-neutral-200 p-1 text-xs has-[:checked]:border-violet-600 has-[:checked]:ring-2 has-[:checked]:ring-violet-600 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 dark:border-neutral-800">
                  <PixImage nft={nft} size={96} />
                  <span className="flex items-center gap-1">
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={!checked && full}
                      onChange={(event) => toggle(nft.tokenId, event.target.checked)}
                      aria-label={`Choose ${displayName(nft)} (Pix #${nft.tokenId})`}
                    />
                    <span className="truncate">#{nft.tokenId}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {pagination.totalPages > 1 && (
        <nav aria-label="Common Pix pages" className="flex items-center justify-center gap-3">
          <button
            type="button"
            className={`${ui.secondary} ${ui.small}`}
            onClick={() => setPage(Math.max(1, pagination.page - 1))}
            disabled={pagination.page <= 1}
          >
            Previous
          </button>
          <span className="text-sm">
            Page {pagination.page} of {pagination.totalPages}
          </span>
          <button
            type="button"
            className={`${ui.secondary} ${ui.small}`}
            onClick={() => setPage(Math.min(pagination.totalPages, pagination.page + 1))}
            disabled={pagination.page >= pagination.totalPages}
          >
            Next
          </button>
        </nav>
      )}
    </fieldset>
  );
}
