/** A rejection needs a reason that is not blank (spec section 5); the API checks it again. */
export function checkRejectReason(raw: string): { ok: true; reason: string } | { ok: false; error: string } {
  const reason = raw.trim();
  return reason ? { ok: true, reason } : { ok: false, error: "Please provide a reason for rejection" };
}
