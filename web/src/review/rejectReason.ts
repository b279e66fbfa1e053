/** The reject dialog's quick reasons (spec section 2), each filling the reason field. */
export const QUICK_REJECT_REASONS = [
  "Image quality too low",
  "Not suitable for collection style",
  "Colors exceed pixel art standards",
  "Missing artistic elements",
  "Technical issues with submission",
] as const;

/** A rejection needs a reason that is not blank (spec section 5); the API checks it again. */
export function checkRejectReason(raw: string): { ok: true; reason: string } | { ok: false; error: string } {
  const reason = raw.trim();
  return reason ? { ok: true, reason } : { ok: false, error: "Please provide a reason for rejection" };
}
