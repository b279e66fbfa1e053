import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { adminQueries } from "../../../api/adminQueries.ts";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { TierBadge } from "../../../components/TierBadge.tsx";
import { ui } from "../../../components/ui.ts";
import { formatDate } from "../../../format/format.ts";
import { SubmissionImage } from "../../../submissions/SubmissionImage.tsx";

/** The displaced tab (spec: 12 shown): the art Pix had before an approved submission replaced it, newest first. */
export function DisplacedTab() {
  const displaced = useQuery(adminQueries.displaced());
  if (displaced.isLoading || displaced.error || !displaced.data) {
    return (
      <div className="flex flex-col gap-4">
        <h2 className="text-xl font-bold">Displaced Originals</h2>
        {displaced.isLoading && <Spinner label="Loading displaced originals..." />}
        {displaced.error && (
          <ErrorNotice
            error={displaced.error}
            title="Could not load displaced originals"
            onRetry={() => void displaced.refetch()}
            retrying={displaced.isFetching}
          />
        )}
      </div>
    );
  }
  const { originals, total } = displaced.data;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline gap-2">
        <h2 className="text-xl font-bold">Displaced Originals</h2>
        <p className={`text-sm ${ui.muted}`}>{originals.length < total ? `The newest ${originals.length} of ${total}` : `${total} in all`}</p>
      </div>
      {originals.length === 0 ? (
        <p className={`${ui.card} py-10 text-center`}>No art has been replaced yet.</p>
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
          {originals.map((original) => (
            <article key={original.id} aria-label={`${original.name}, Pix #${original.tokenId}`} className={`${ui.card} flex flex-col gap-1 p-2`}>
              <SubmissionImage src={original.imageUrl} name={`Original art of Pix #${original.tokenId}`} />
              <h3 className="truncate text-sm font-semibold">{original.name}</h3>
              <p className={`text-xs ${ui.muted}`}>
                <Link to={`/mint/${original.tokenId}`} className={ui.link}>
                  Token #{original.tokenId}
                </Link>{" "}
                · {original.colorCount} colours
              </p>
              <span>
                <TierBadge rarity={original.rarity} />
              </span>
              <p className={`text-xs ${ui.muted}`}>
                Replaced by “{original.submissionName}” on <time dateTime={original.replacedAt}>{formatDate(original.replacedAt)}</time>
              </p>
            </article>
          ))}
        </div>
      )}
    </div>
  );
}
