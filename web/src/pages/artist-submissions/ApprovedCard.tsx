import { useId } from "react";
import { Link } from "react-router";
import type { Submission } from "@pixlings/shared/http/submissions";
import { ui } from "../../components/ui.ts";
import { formatDate } from "../../format/format.ts";
import { Badge } from "../../submissions/StatusBadge.tsx";
import { SubmissionHeader } from "../../submissions/SubmissionHeader.tsx";

/** An approved submission (spec: /artist-submissions): SOLD when its Pix sold, the token, Available or SOLD, sold and approved dates. */
export function ApprovedCard({ submission }: { submission: Submission }) {
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className={ui.card}>
      <SubmissionHeader
        submission={submission}
        titleId={titleId}
        badges={submission.isSold ? <Badge tone="red">SOLD</Badge> : <Badge tone="green">Available</Badge>}
      >
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
      </SubmissionHeader>
    </article>
  );
}
