import type { RejectSubmissionRequest } from "@pixlings/shared/http/admin";
import type { FormCheck } from "../components/useCheckedSubmit.ts";

/** A rejection needs a reason that is not blank (docs/map.md#validation); the API checks it again. */
export function checkRejectReason(raw: string): FormCheck<RejectSubmissionRequest> {
  const reason = raw.trim();
  return reason ? { ok: true, request: { adminNotes: reason } } : { ok: false, error: "Please provide a reason for rejection" };
}
