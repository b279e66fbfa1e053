/** The rows of `db.execute`: PGlite answers `{ rows }`, postgres.js the rows themselves. */
export const rowsOf = (result: unknown): unknown[] => (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []));
