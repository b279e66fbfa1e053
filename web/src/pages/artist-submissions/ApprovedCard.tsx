import { useId } from "react";
import { Link } from "react-router";
import type { Submission } from "@pixlings/shared/http/submissions";
import { ui } from "../../components/ui.ts";
import { formatDate } from "../../format/format.ts";
import { Badge } from "../../submissions/StatusBadge.tsx";
import { SubmissionImage } from "../../submissions/SubmissionImage.tsx";

/** An approved submission (spec: /artist-submissions): SOLD when its Pix sold, the token, Available or SOLD, sold and approved dates. */
export function ApprovedCard({ submission }: { submission: Submission }) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className={`${ui.card} flex gap-3`}>
      <div className="w-24 shrink-0">
        <SubmissionImage src={submission.imageUrl} name={submission.name} />
      </div>
      <div className="flex min-w-0 flex-col gap-1 text-sm">
        <h3 id={titleId} className="truncate text-base font-semibold">
          {submission.name}
        </h3>
        <span className="flex flex-wrap gap-1">{submission.isSold ? <Badge tone="red">SOLD</Badge> : <Badge tone="green">Available</Badge>}</span>
        <p>by {submission.artistName ?? "an admin upload"}</p>
        {submission.targetTokenId !== null && (
          <Link to={`/mint/${submission.targetTokenId}`} className={ui.link}>
            Token #{submission.targetTokenId}
          </Link>
        )}
        <p className={ui.muted}>
          {submission.approvedAt && (
            <>
              Approved <time dateTime={submission.approvedAt}>{formatDate(submission.approvedAt)}</time>
            </>
          )}
          {submission.soldAt && (
            <>
              {" "}
              · Sold <time dateTime={submission.soldAt}>{formatDate(submission.soldAt)}</time>
            </>
          )}
        </p>
      </div>
    </article>
  );
}
