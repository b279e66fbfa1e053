import type { Submission } from "@pixlings/shared/http/submissions";
import { ui } from "../components/ui.ts";
import { formatDate } from "../format/format.ts";
import { StatusBadge } from "../submissions/StatusBadge.tsx";
import { SubmissionImage } from "../submissions/SubmissionImage.tsx";

/** What the reviewer sees of a submission: image (or "Failed to load image"), title, artist, date, description, colours. */
export function ReviewDetails({ submission }: { submission: Submission }) {
  return (
    <div className="flex gap-3">
      <div className="w-28 shrink-0">
        <SubmissionImage src={submission.imageUrl} name={submission.name} />
      </div>
      <div className="flex min-w-0 flex-col gap-1 text-sm">
        <p className="font-semibold">{submission.name}</p>
        <p>
          by <span className="font-medium">{submission.artistName ?? "an admin upload"}</span>
        </p>
        <p className={ui.muted}>
          Submitted <time dateTime={submission.createdAt}>{formatDate(submission.createdAt)}</time> · {submission.colorCount} colours ·{" "}
          {submission.symmetryType === "None" ? "no symmetry" : `${submission.symmetryType} symmetry`}
        </p>
        <span>
          <StatusBadge status={submission.status} />
        </span>
        {submission.description && <p className="break-words whitespace-pre-wrap">{submission.description}</p>}
      </div>
    </div>
  );
}
