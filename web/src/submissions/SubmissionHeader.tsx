import type { ReactNode } from "react";
import type { Submission } from "@pixlings/shared/http/submissions";
import { SubmissionImage } from "./SubmissionImage.tsx";

/** The top of every submission card: the piece, its name (the card's title, `titleId`), its badges, then `children`. */
export function SubmissionHeader({
  submission,
  titleId,
  badges,
  children,
}: {
  submission: Submission;
  titleId: string;
  badges: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex gap-3">
      <div className="w-24 shrink-0">
        <SubmissionImage src={submission.imageUrl} name={submission.name} />
      </div>
      <div className="flex min-w-0 flex-col gap-1 text-sm">
        <h3 id={titleId} className="truncate text-base font-semibold">
          {submission.name}
        </h3>
        <span className="flex flex-wrap gap-1">{badges}</span>
        {children}
      </div>
    </div>
  );
}
