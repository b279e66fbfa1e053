import type { Address, Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { z } from "zod";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { address, intAtLeast, optional, privateKey, type Env } from "@pixlings/shared/env";

/** The two keys of custody sales; only a worker process holds them. */
export interface CustodyKeys {
  minterKey: Hex;
  custodyKey: Hex;
}

/**
 * Custody sales (card and freemint, docs/design.md#one-collection-on-two-chains): the minter key mints them to custody on the primary
 * chain, the custody key later transfers a Pix to its buyer's wallet ("Mint to Wallet").
 */
export interface CustodyConfig {
  /** The custody account (where card and freemint Pix are held): the custody key's, or CUSTODY_ADDRESS in a web process. */
  address: Address;
  /** The keys (a worker process); undefined in a web process, which only queues the jobs. */
  keys: CustodyKeys | undefined;
  /** Set by env (a wrong key then stops the API at start), or the local chains' dev keys. */
  explicit: boolean;
  /** How long a claimed job is another process's before it may be taken over (a crashed process's). */
  leaseMs: number;
  /** How often a worker looks for jobs besides being woken by this process's own writes. */
  pollMs: number;
  /** Tries of one job (sends, and failures before a send) before its order is refunded (or a transfer marked failed). */
  maxAttempts: number;
  /** The first retry's wait, then 4x longer each time (at most 5 min). */
  retryMs: number;
  /** Whether this process runs a fulfilment worker (off: another process mints, e.g. a dedicated one). */
  runWorker: boolean;
}

export const CustodyEnvSchema = z.object({
  MINTER_PRIVATE_KEY: optional(privateKey),
  CUSTODY_PRIVATE_KEY: optional(privateKey),
  // A web process's custody sales: the custody account (it holds no key); checked on the primary chain at start.
  CUSTODY_ADDRESS: optional(address),
  FULFILMENT_LEASE_SECONDS: optional(intAtLeast(2).max(600)),
  FULFILMENT_POLL_MS: optional(intAtLeast(20).max(60_000)),
  FULFILMENT_WORKER: optional(z.enum(["on", "off"], { error: 'must be "on" or "off"' })),
  FULFILMENT_MAX_ATTEMPTS: optional(intAtLeast(1).max(100)),
  FULFILMENT_RETRY_MS: optional(intAtLeast(10).max(300_000)),
});

const withKeys = (keys: CustodyKeys): Pick<CustodyConfig, "address" | "keys"> => ({ address: privateKeyToAccount(keys.custodyKey).address, keys });

/**
 * The custody keys from env, else (local chains only) the dev keys; `problems` name what is
 * missing: both keys or neither, and under the production rules both when card payments are on.
 * A web process (`holdsKeys` false) reads CUSTODY_ADDRESS instead (local chains: the dev custody account's).
 */
export function readCustodyConfig(
  env: Env,
  p: { productionRules: boolean; cardPayments: boolean; holdsKeys?: boolean },
): { custody: CustodyConfig | undefined; problems: string[] } {
  const e = CustodyEnvSchema.parse(env);
  const timing = {
    leaseMs: (e.FULFILMENT_LEASE_SECONDS ?? 20) * 1000,
    pollMs: e.FULFILMENT_POLL_MS ?? 500,
    maxAttempts: e.FULFILMENT_MAX_ATTEMPTS ?? 10,
    retryMs: e.FULFILMENT_RETRY_MS ?? 1_000,
    runWorker: e.FULFILMENT_WORKER !== "off",
  };
  if (p.holdsKeys === false) {
    if (e.CUSTODY_ADDRESS) return { custody: { address: e.CUSTODY_ADDRESS, keys: undefined, explicit: true, ...timing }, problems: [] };
    if (!p.productionRules)
      return { custody: { address: privateKeyToAccount(DEV_KEYS.custody).address, keys: undefined, explicit: false, ...timing }, problems: [] };
    const problems = p.cardPayments ? ["CUSTODY_ADDRESS: must be set in a web process when card payments are on (card Pix are minted to custody)"] : [];
    return { custody: undefined, problems };
  }
  if (e.MINTER_PRIVATE_KEY && e.CUSTODY_PRIVATE_KEY) {
    return { custody: { ...withKeys({ minterKey: e.MINTER_PRIVATE_KEY, custodyKey: e.CUSTODY_PRIVATE_KEY }), explicit: true, ...timing }, problems: [] };
  }
  const one = e.MINTER_PRIVATE_KEY ? "CUSTODY_PRIVATE_KEY" : e.CUSTODY_PRIVATE_KEY ? "MINTER_PRIVATE_KEY" : undefined;
  if (one)
    return {
      custody: undefined,
      problems: [`${one}: must be set with ${one === "MINTER_PRIVATE_KEY" ? "CUSTODY" : "MINTER"}_PRIVATE_KEY (custody sales need both)`],
    };
  if (!p.productionRules)
    return { custody: { ...withKeys({ minterKey: DEV_KEYS.minter, custodyKey: DEV_KEYS.custody }), explicit: false, ...timing }, problems: [] };
  const problems = p.cardPayments ? ["MINTER_PRIVATE_KEY and CUSTODY_PRIVATE_KEY: must be set when card payments are on (card Pix are minted to custody)"] : [];
  return { custody: undefined, problems };
}
