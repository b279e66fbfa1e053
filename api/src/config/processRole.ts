import { z } from "zod";

/**
 * What one API process does:
 * - `web` serves HTTP and runs no background loop; it holds the voucher signer's key and no other.
 * - `worker` runs the loops (fulfilment, Approve & Replace, the reservation sweeper, card expiry)
 *   with the minter, custody and art-admin keys, and serves no public HTTP.
 * - `all` is both in one process (`npm start`, tests).
 */
export type ProcessRole = "web" | "worker" | "all";

export const PROCESS_ROLES = ["web", "worker", "all"] as const satisfies readonly ProcessRole[];

const RoleSchema = z.enum(PROCESS_ROLES, { error: `must be one of ${PROCESS_ROLES.join(", ")}` });

/**
 * The keys only a worker holds: a web process never reads them (its config does not pick them up,
 * and main.ts deletes them from its environment).
 */
export const WORKER_KEY_NAMES: readonly string[] = ["MINTER_PRIVATE_KEY", "CUSTODY_PRIVATE_KEY", "ART_ADMIN_PRIVATE_KEY"];

/** The role named by the first command-line argument, else PIXLINGS_ROLE, else `all`; throws a clear message for anything else. */
export function readProcessRole(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): ProcessRole {
  const named = argv[0] ?? (env.PIXLINGS_ROLE?.trim() || undefined);
  if (named === undefined) return "all";
  const result = RoleSchema.safeParse(named);
  if (!result.success) throw new Error(`Invalid API role "${named}" (the argument or PIXLINGS_ROLE): must be one of ${PROCESS_ROLES.join(", ")}`);
  return result.data;
}

/** Whether a process of `role` serves the public HTTP routes. */
export const servesHttp = (role: ProcessRole): boolean => role !== "worker";

/** Whether a process of `role` runs the background loops and holds their keys. */
export const runsWorker = (role: ProcessRole): boolean => role !== "web";
