/** A key's nonce counter brought back down to the chain: the nonces in between were held by no stored transaction. */
export interface NonceHeal {
  chainId: number;
  address: string;
  /** What the counter said: the next nonce above every one taken before. */
  counter: number;
  /** The nonce taken instead: the chain's pending count, or the first one above it no stored transaction holds. */
  nonce: number;
  /** Nonces between the two that stored transactions still hold (kept for them). */
  held: number[];
}

type Listener = (heal: NonceHeal) => void;

const listeners = new Set<Listener>();
let healed = 0;

/** Counts a heal and tells every listener (the API's log; a metric may subscribe too). */
export function recordNonceHeal(heal: NonceHeal): void {
  healed += 1;
  for (const listener of listeners) listener(heal);
}

/** Listens to every heal in this process; returns the unsubscribe. */
export function onNonceHeal(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many nonce gaps this process has healed since it started ("nonce gaps healed"). */
export const nonceGapsHealed = (): number => healed;
