/** Database handles (drizzle instances) whose transactions never overlap. */
const serialized = new WeakSet<object>();

/**
 * Marks `db` as one connection whose transactions run one at a time: PGlite, which only this
 * process can open (lockDataDir.ts) and whose client runs each transaction, and every statement
 * outside one, under a single exclusive lock until it ends.
 */
export function markOneConnection(db: object): void {
  serialized.add(db);
}

/**
 * Whether no other transaction can run while one of `db`'s is open: then a lock taken only to
 * serialize transactions of the same client or address (e.g. pg_advisory_xact_lock) is already
 * held by construction, and one statement per lock can be saved on the hot sale paths.
 */
export const transactionsSerialized = (db: object): boolean => serialized.has(db);
