import { onNonceHeal } from "../chains/nonceHeals.ts";
import { nonceHeals } from "../metrics/registry.ts";

/** Counts this process's nonce heals (chains/nonceHeals.ts) in the metrics; returns the unsubscribe. */
export function countNonceHeals(): () => void {
  return onNonceHeal((heal) => nonceHeals.inc({ chain_id: String(heal.chainId), address: heal.address }));
}
