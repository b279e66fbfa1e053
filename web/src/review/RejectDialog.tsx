import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { QUICK_REJECTION_REASONS } from "@pixlings/shared/http/admin";
import { SUBMISSION_LIMITS, type Submission } from "@pixlings/shared/http/submissions";
import { apiRequest } from "../api/apiClient.ts";
import { FormError } from "../components/FormError.tsx";
import { Modal } from "../components/Modal.tsx";
import { ui } from "../components/ui.ts";
import { useCheckedSubmit } from "../components/useCheckedSubmit.ts";
import { toastFailure } from "../errors/toastFailure.ts";
import { toast } from "../toast/toastStore.ts";
import { checkRejectReason } from "./rejectReason.ts";
import { ReviewDetails } from "./ReviewDetails.tsx";
import { FormActions } from "../components/FormActions.tsx";

/** Reject with a reason (required, docs/map.md#validation); a quick reason fills the field. The reason reaches the artist as a rejection message. */
export function RejectDialog({ submission, onClose }: { submission: Submission; onClose(): void }) {
  const fieldId = useId();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const {
    error,
    busy: sending,
    submit,
  } = useCheckedSubmit({
    check: () => checkRejectReason(reason),
    send: async (body) => {
      await apiRequest<Submission>(`/api/admin/submissions/${submission.id}/reject`, { method: "PATCH", body });
      toast({ title: "Submission rejected", description: `"${submission.name}" was rejected; the artist sees why in the chat.` });
      await queryClient.invalidateQueries({ queryKey: ["admin"] });
      onClose();
    },
    failure: (caught) => `Failed to reject submission: ${toastFailure("Failed to reject submission", "Please try again.")(caught)}`,
  });

  return (
    <Modal title={`Reject: ${submission.name}`} onClose={onClose} busy={sending} wide>
      <ReviewDetails submission={submission} />
      <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Quick reasons</legend>
          <div className="flex flex-wrap gap-2">
            {QUICK_REJECTION_REASONS.map((quick) => (
              <button
                key={quick}
                type="button"
                aria-pressed={reason.trim() === quick}
                className={`${ui.secondary} ${ui.small} aria-pressed:border-violet-600 aria-pressed:bg-violet-50 dark:aria-pressed:bg-violet-950`}
                onClick={() => setReason(quick)}
              >
                {quick}
              </button>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={fieldId} className="text-sm font-medium">
            Reason for rejection
          </label>
          <textarea
            id={fieldId}
            required
            className={`${ui.field} h-28 py-2`}
            value={reason}
            aria-invalid={error !== null}
            aria-describedby={`${fieldId}-count`}
            onChange={(event) => setReason(event.target.value)}
          />
          <span id={`${fieldId}-count`} className={`text-xs ${ui.muted}`}>
            {reason.trim().length}/{SUBMISSION_LIMITS.adminNotesMax} characters · the artist reads this
          </span>
        </div>
        <FormError message={error} />
        <FormActions
          onCancel={onClose}
          busy={sending}
          submit="Reject Submission"
          busyLabel="Rejecting..."
          disabled={reason.trim().length > SUBMISSION_LIMITS.adminNotesMax}
          danger
        />
      </form>
    </Modal>
  );
}
