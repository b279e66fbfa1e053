import { useId, useState } from "react";
import type { Submission } from "@pixlings/shared/http/submissions";
import { ChatDialog } from "../../chat/ChatDialog.tsx";
import { UnreadMarker } from "../../chat/UnreadMarker.tsx";
import { ui } from "../../components/ui.ts";
import { formatDate } from "../../format/format.ts";
import { StatusBadge } from "../../submissions/StatusBadge.tsx";
import { SubmissionHeader } from "../../submissions/SubmissionHeader.tsx";
import { EditSubmissionForm } from "./EditSubmissionForm.tsx";

/** One of the artist's submissions (docs/map.md#artist-area): status, details, admin notes, the token it became, chat, and edit while allowed. */
export function SubmissionCard({ submission }: { submission: Submission }) {
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const [chatting, setChatting] = useState(false);
  const replacing = submission.status === "pending" && submission.replacement !== null;
  return (
    <article aria-labelledby={titleId} className={`${ui.card} flex flex-col gap-3`}>
      <SubmissionHeader submission={submission} titleId={titleId} badges={<StatusBadge status={submission.status} />}>
        <p className={`text-xs ${ui.muted}`}>
          {submission.colorCount} colours · Submitted <time dateTime={submission.createdAt}>{formatDate(submission.createdAt)}</time>
        </p>
        {submission.status === "approved" && submission.targetTokenId !== null && (
          <p className="text-sm font-semibold text-green-800 dark:text-green-300">Approved as Token #{submission.targetTokenId}</p>
        )}
        {replacing && <p className={`text-xs ${ui.muted}`}>An admin is writing it on-chain now.</p>}
      </SubmissionHeader>
      {submission.description && <p className="text-sm break-words whitespace-pre-wrap">{submission.description}</p>}
      {submission.adminNotes && (
        <div className="rounded-md bg-neutral-100 p-2 text-sm dark:bg-neutral-800">
          <p className="text-xs font-semibold">Admin notes</p>
          <p className="break-words whitespace-pre-wrap">{submission.adminNotes}</p>
        </div>
      )}
      {editing ? (
        <EditSubmissionForm submission={submission} onDone={() => setEditing(false)} />
      ) : (
        <div className="mt-auto flex flex-wrap gap-2">
          <button type="button" className={`${ui.secondary} ${ui.small}`} aria-describedby={titleId} onClick={() => setChatting(true)}>
            Chat with Admin
            {submission.unreadMessages > 0 && <UnreadMarker count={submission.unreadMessages} />}
          </button>
          {submission.status !== "approved" && submission.editable && (
            <button type="button" className={`${ui.secondary} ${ui.small}`} aria-describedby={titleId} onClick={() => setEditing(true)}>
              Edit
            </button>
          )}
        </div>
      )}
      {chatting && <ChatDialog submission={submission} viewer="artist" onClose={() => setChatting(false)} />}
    </article>
  );
}
