import { recoverTransactionAddress, type Address, type Hex, type TransactionSerialized } from "viem";

/** Signed transactions whose sender one process remembers (a few hundred bytes each): far more than the live jobs of a drop. */
const REMEMBERED = 4_096;

export interface TransactionSenders {
  /** The address that signed `raw` (undefined: not a signed transaction), recovered once per process. */
  senderOf(raw: Hex): Promise<Address | undefined>;
  /** `raw` was just signed by `sender`'s key in this process: no recovery needed to know it. */
  signedBy(raw: Hex, sender: Address): void;
  /** How many recoveries were computed (the rest were remembered). */
  readonly recoveries: number;
  readonly size: number;
}

/**
 * The sender of each signed transaction, remembered by its bytes: a signature recovery costs
 * milliseconds of CPU (secp256k1 in JavaScript), and `heldNonces` looks at every live job's stored
 * transaction each time a key signs, inside the key's counter lock. During a drop that was most of
 * the worker's CPU: each of hundreds of sends recovered the same pending transactions again. The
 * same bytes always have the same sender, so nothing remembered can go stale; the oldest are
 * forgotten past `max`.
 */
export function createTransactionSenders(max = REMEMBERED): TransactionSenders {
  const known = new Map<Hex, Address | undefined>();
  let recoveries = 0;
  const keep = (raw: Hex, sender: Address | undefined): void => {
    known.set(raw, sender);
    if (known.size > max) known.delete(known.keys().next().value!);
  };
  return {
    async senderOf(raw) {
      if (known.has(raw)) return known.get(raw);
      recoveries += 1;
      const sender = await recoverTransactionAddress({ serializedTransaction: raw as TransactionSerialized }).catch(() => undefined);
      keep(raw, sender);
      return sender;
    },
    signedBy: keep,
    get recoveries() {
      return recoveries;
    },
    get size() {
      return known.size;
    },
  };
}

/** This process's memory of senders (every key's transactions, every table's jobs). */
export const transactionSenders = createTransactionSenders();
