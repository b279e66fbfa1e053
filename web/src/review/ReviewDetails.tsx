import { useId } from "react";
import type { Submission } from "@pixlings/shared/http/submissions";
import { ui } from "../components/ui.ts";
import { formatDate } from "../format/format.ts";
import { StatusBadge } from "../submissions/StatusBadge.tsx";
import { SubmissionHeader } from "../submissions/SubmissionHeader.tsx";

/** What the reviewer sees of a submission: image (or "Failed to load image"), title, artist, date, colours, symmetry, description. */
export function ReviewDetails({ submission }: { submission: Submission }) {
  const titleId = useId();
  return (
    <SubmissionHeader submission={submission} titleId={titleId} badges={<StatusBadge status={submission.status} />}>
      <p>
        by <span className="font-medium">{submission.artistName ?? "an admin upload"}</span>
      </p>
      <p className={ui.muted}>
        Submitted <time dateTime={submission.createdAt}>{formatDate(submission.createdAt)}</time> · {submission.colorCount} colours ·{" "}
        {submission.symmetryType.toLowerCase() === "none" ? "no symmetry" : `${submission.symmetryType} symmetry`}
      </p>
      {submission.description && <p className="break-words whitespace-pre-wrap">{submission.description}</p>}
    </SubmissionHeader>
  );
}
