/** SQLSTATE codes the API answers to, rather than letting them become a 500. */
export const PG_ERROR = {
  /** A row points at a row that is gone (e.g. a user deleted while a request used it). */
  foreignKeyViolation: "23503",
  uniqueViolation: "23505",
  /** Two transactions waited on each other; Postgres aborted this one. */
  deadlockDetected: "40P01",
  serializationFailure: "40001",
  /** A session, wallet, hold or order for an account deleted meanwhile (migration 0011's triggers). */
  accountDeleted: "PXD01",
} as const;

/** Whether `error` (or an error in its `cause` chain, as drizzle wraps the driver's) has SQLSTATE `code`. */
export function hasPgErrorCode(error: unknown, code: (typeof PG_ERROR)[keyof typeof PG_ERROR]): boolean {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === "object" && depth < 10; depth++, e = e.cause as typeof e) if (e.code === code) return true;
  return false;
}
