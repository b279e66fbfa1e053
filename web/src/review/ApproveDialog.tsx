import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import type { AbandonReplacementResponse, ApproveSubmissionRequest, RetryReplacementResponse } from "@pixlings/shared/http/admin";
import { SUBMISSION_LIMITS, type Submission } from "@pixlings/shared/http/submissions";
import { adminQueries } from "../api/adminQueries.ts";
import { apiRequest } from "../api/apiClient.ts";
import { queries } from "../api/queries.ts";
import { FormError } from "../components/FormError.tsx";
import { Modal } from "../components/Modal.tsx";
import { TextField } from "../components/TextField.tsx";
import { ui } from "../components/ui.ts";
import { apiMessage } from "../errors/accountErrors.ts";
import { toast } from "../toast/toastStore.ts";
import { ReviewDetails } from "./ReviewDetails.tsx";
import { ReplacementProgress } from "./ReplacementProgress.tsx";
import { TargetPreview, targetBlocker } from "./TargetPreview.tsx";
import { checkTargetTokenId } from "./targetTokenId.ts";
import { FormActions } from "../components/FormActions.tsx";

/** The progress of a started Approve & Replace, polled until done or failed; Retry or Abandon after a failure. */
function Progress({ submissionId, onClose }: { submissionId: number; onClose(): void }) {
  const queryClient = useQueryClient();
  const submission = useQuery(adminQueries.submission(submissionId));
  const [acting, setActing] = useState<"retry" | "abandon" | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const replacement = submission.data?.replacement;
  const state = replacement?.state;
  const abandoned = replacement?.abandonedAt != null;
  const announced = useRef(false);
  // The card behind the dialog follows the progress (Approved once done) without a refetch, which
  // would drop it from the pending list, and this dialog with it, until the dialog is closed.
  useEffect(() => {
    const latest = submission.data;
    if (!latest) return;
    queryClient.setQueriesData<Submission[]>({ queryKey: ["admin", "submissions"] }, (list) =>
      list?.some((s) => s.id === latest.id) ? list.map((s) => (s.id === latest.id ? latest : s)) : list,
    );
  }, [submission.data, queryClient]);
  useEffect(() => {
    if (state !== "done" || abandoned || announced.current) return;
    announced.current = true;
    toast({ title: "Submission approved and NFT replaced successfully!" });
    void queryClient.invalidateQueries({ queryKey: ["nfts"] });
  }, [state, abandoned, queryClient]);

  const act = async (action: "retry" | "abandon") => {
    setActing(action);
    setActionError(null);
    try {
      const next = await apiRequest<RetryReplacementResponse | AbandonReplacementResponse>(`/api/admin/submissions/${submissionId}/${action}`, {
        method: "POST",
      });
      queryClient.setQueryData(adminQueries.submission(submissionId).queryKey, next);
    } catch (error) {
      const description = apiMessage(error) ?? `The ${action === "retry" ? "retry" : "abandon"} did not start. Please try again.`;
      toast({ title: action === "retry" ? "Failed to approve submission" : "Failed to abandon the replacement", description, variant: "destructive" });
      setActionError(description);
    } finally {
      setActing(null);
    }
  };

  const done = state === "done" && !abandoned;
  return (
    <div className="flex flex-col gap-3">
      {replacement ? (
        <ReplacementProgress
          replacement={replacement}
          onRetry={() => void act("retry")}
          retrying={acting === "retry"}
          onAbandon={() => void act("abandon")}
          abandoning={acting === "abandon"}
        />
      ) : submission.data ? (
        <p role="status" className="text-sm font-medium">
          The replacement was abandoned: every chain shows the Pix's old art and the Pix is released. The submission is pending again.
        </p>
      ) : (
        <p className={`text-sm ${ui.muted}`}>Starting the replacement...</p>
      )}
      <FormError message={actionError} />
      <div className="flex flex-wrap justify-end gap-2">
        {done && submission.data?.targetTokenId != null && (
          <Link to={`/mint/${submission.data.targetTokenId}`} className={ui.secondary}>
            View Pix #{submission.data.targetTokenId}
          </Link>
        )}
        <button type="button" className={ui.primary} onClick={onClose}>
          {done ? "Done" : "Close"}
        </button>
      </div>
      {replacement && !done && <p className={`text-xs ${ui.muted}`}>You can close this: the replacement goes on, and the submission shows its progress.</p>}
    </div>
  );
}

/**
 * The review dialog (docs/map.md#admin-area): the submission, the target token with its live preview, optional
 * notes; "Approve & Replace" starts the on-chain replacement and shows its progress per chain.
 */
export function ApproveDialog({ submission, onClose }: { submission: Submission; onClose(): void }) {
  const fieldId = useId();
  const [raw, setRaw] = useState(submission.targetTokenId === null ? "" : String(submission.targetTokenId));
  const [notes, setNotes] = useState("");
  const [sending, setSending] = useState(false);
  const [started, setStarted] = useState(submission.replacement !== null);
  // Once started, the badge follows the progress Progress polls (Approved when done), never refetched here.
  const live = useQuery({ ...adminQueries.submission(submission.id), enabled: false });
  const [problem, setProblem] = useState<string | null>(null);
  const check = checkTargetTokenId(raw);
  const token = useQuery({ ...queries.token(check.ok ? check.tokenId : 0), enabled: check.ok });
  const found = check.ok && token.data !== undefined && token.data.tokenId === check.tokenId && targetBlocker(token.data) === null;
  const queryClient = useQueryClient();
  // The lists are read again only once the dialog closes: this submission's card (which holds the
  // dialog) leaves the pending list when the replacement is done.
  const close = () => {
    if (started) void queryClient.invalidateQueries({ queryKey: ["admin"] });
    onClose();
  };

  const approve = async () => {
    if (!check.ok) {
      toast({ title: check.title, description: check.description, variant: "destructive" });
      setProblem(`${check.title}: ${check.description}`);
      return;
    }
    if (!found || sending) return;
    setProblem(null);
    setSending(true);
    try {
      // The version on screen: if the artist changed the piece since, the API refuses (409) and the lists reload.
      const body: ApproveSubmissionRequest = { targetTokenId: check.tokenId, artVersion: submission.artVersion, adminNotes: notes.trim() || null };
      const next = await apiRequest<Submission>(`/api/admin/submissions/${submission.id}/approve`, { method: "PATCH", body });
      queryClient.setQueryData(adminQueries.submission(submission.id).queryKey, next);
      setStarted(true);
    } catch (error) {
      const description = apiMessage(error) ?? "Please try again.";
      toast({ title: "Failed to approve submission", description, variant: "destructive" });
      setProblem(`Failed to approve submission: ${description}`);
      void queryClient.invalidateQueries({ queryKey: ["admin"] });
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal title={`Review: ${submission.name}`} onClose={close} busy={sending} wide>
      <ReviewDetails submission={started ? (live.data ?? submission) : submission} />
      {started ? (
        <Progress submissionId={submission.id} onClose={close} />
      ) : (
        <form
          className="flex flex-col gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void approve();
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={fieldId} className="text-sm font-medium">
              Target Token ID
            </label>
            <input
              id={fieldId}
              type="number"
              inputMode="numeric"
              min={1}
              max={9999}
              step={1}
              className={`${ui.field} w-40`}
              value={raw}
              aria-invalid={!check.ok && !check.empty}
              aria-describedby={`${fieldId}-hint`}
              onChange={(event) => setRaw(event.target.value)}
            />
            <span id={`${fieldId}-hint`} className={`text-xs ${ui.muted}`}>
              An unminted Pix, 1 to 9999: its art is replaced on every chain.
            </span>
            {!check.ok && !check.empty && (
              <p role="alert" className="text-sm text-red-800 dark:text-red-200">
                {check.description}
              </p>
            )}
          </div>
          {check.ok && <TargetPreview tokenId={check.tokenId} token={token} />}
          <TextField label="Admin notes (optional)" value={notes} onChange={setNotes} max={SUBMISSION_LIMITS.adminNotesMax} multiline />
          <FormError message={problem} />
          <FormActions
            onCancel={close}
            busy={sending}
            submit="Approve & Replace"
            busyLabel="Approving..."
            disabled={!found || notes.trim().length > SUBMISSION_LIMITS.adminNotesMax}
          />
        </form>
      )}
    </Modal>
  );
}
