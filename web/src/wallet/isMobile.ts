/** Phones and tablets: wallets live in their own in-app browsers there. */
export function isMobile(): boolean {
  return typeof navigator !== "undefined" && /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
}
