/** Why a card order expired, as its buyer reads it. */
export const EXPIRED_REASON = "The reservation ran out before the payment arrived";
