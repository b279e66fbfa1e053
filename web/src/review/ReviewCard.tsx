import { useId, useState } from "react";
import type { MessageResponse } from "@pixlings/shared/http/admin";
import type { Submission } from "@pixlings/shared/http/submissions";
import { useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../api/apiClient.ts";
import { ChatDialog } from "../chat/ChatDialog.tsx";
import { unreadLabel } from "../chat/unread.ts";
import { UnreadMarker } from "../chat/UnreadMarker.tsx";
import { ConfirmDialog } from "../components/ConfirmDialog.tsx";
import { ui } from "../components/ui.ts";
import { apiMessage } from "../errors/accountErrors.ts";
import { formatDate } from "../format/format.ts";
import { Badge, StatusBadge } from "../submissions/StatusBadge.tsx";
import { SubmissionHeader } from "../submissions/SubmissionHeader.tsx";
import { toast } from "../toast/toastStore.ts";
import { ApproveDialog } from "./ApproveDialog.tsx";
import { RejectDialog } from "./RejectDialog.tsx";

type Open = "approve" | "reject" | "chat" | "delete" | null;

function ReplacementBadge({ submission }: { submission: Submission }) {
  const state = submission.replacement?.state;
  if (!state || submission.status !== "pending") return null;
  const abandoning = submission.replacement?.abandonedAt != null;
  if (state === "failed") return <Badge tone="red">{abandoning ? "Abandoning failed" : "Replacement failed"}</Badge>;
  if (state === "done") return null;
  return <Badge tone="blue">{abandoning ? "Abandoning" : "Replacing on-chain"}</Badge>;
}

/** A submission awaiting review (spec: the submissions tab and /artist-submissions): image, status, name, artist, description, date, notes; Approve, Reject, Chat, Delete. */
export function ReviewCard({ submission }: { submission: Submission }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open>(null);
  const running = submission.replacement !== null && submission.replacement.state !== "done";
  const reviewable = submission.status === "pending";

  const remove = async () => {
    try {
      await apiRequest<MessageResponse>(`/api/admin/submissions/${submission.id}`, { method: "DELETE" });
      toast({ title: "Submission deleted", description: `"${submission.name}" was deleted.` });
      await queryClient.invalidateQueries({ queryKey: ["admin"] });
      setOpen(null);
    } catch (error) {
      const description = apiMessage(error) ?? "Failed to delete submission";
      toast({ title: "Error", description, variant: "destructive" });
      throw new Error(description);
    }
  };

  const action = (label: string, next: Open, disabled = false, unread = 0) => (
    <button
      type="button"
      className={`${ui.secondary} ${ui.small}`}
      aria-label={`${label} ${submission.name}${unread > 0 ? `, ${unreadLabel(unread)}` : ""}`}
      disabled={disabled}
      onClick={() => setOpen(next)}
    >
      {label}
      {unread > 0 && <UnreadMarker count={unread} />}
    </button>
  );

  return (
    <article aria-labelledby={titleId} className={`${ui.card} flex flex-col gap-3`}>
      <SubmissionHeader
        submission={submission}
        titleId={titleId}
        badges={
          <>
            <StatusBadge status={submission.status} />
            <ReplacementBadge submission={submission} />
          </>
        }
      >
        <p>by {submission.artistName ?? "an admin upload"}</p>
        <p className={ui.muted}>
          <time dateTime={submission.createdAt}>{formatDate(submission.createdAt)}</time> · {submission.colorCount} colours
          {submission.targetTokenId !== null && ` · Token #${submission.targetTokenId}`}
        </p>
      </SubmissionHeader>
      {submission.description && <p className="text-sm break-words whitespace-pre-wrap">{submission.description}</p>}
      {submission.adminNotes && (
        <p className="rounded-md bg-neutral-100 p-2 text-sm break-words dark:bg-neutral-800">
          <span className="font-semibold">Admin notes: </span>
          {submission.adminNotes}
        </p>
      )}
      <div className="mt-auto flex flex-wrap gap-2">
        {reviewable && (
          <button
            type="button"
            className={`${ui.primary} ${ui.small}`}
            aria-label={`${running ? "View Progress of" : "Approve"} ${submission.name}`}
            onClick={() => setOpen("approve")}
          >
            {running ? "View Progress" : "Approve"}
          </button>
        )}
        {reviewable && action("Reject", "reject", running)}
        {action("Chat", "chat", false, submission.unreadMessages)}
        {submission.status !== "approved" && action("Delete", "delete", running)}
      </div>
      {open === "approve" && <ApproveDialog submission={submission} onClose={() => setOpen(null)} />}
      {open === "reject" && <RejectDialog submission={submission} onClose={() => setOpen(null)} />}
      {open === "chat" && <ChatDialog submission={submission} viewer="admin" onClose={() => setOpen(null)} />}
      {open === "delete" && (
        <ConfirmDialog
          title={`Delete "${submission.name}"?`}
          text="The submission and its conversation are deleted. This cannot be undone."
          confirm="Delete Submission"
          onConfirm={remove}
          onClose={() => setOpen(null)}
        />
      )}
    </article>
  );
}
