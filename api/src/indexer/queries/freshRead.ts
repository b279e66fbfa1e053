import { type SQL, sql } from "@pixlings/indexer/client";

let reads = 0;

/**
 * A column whose bound value differs on every call, for the reads that detect change. Ponder's
 * `/sql` caches answers by query text and parameters until it learns of a write, and under load a
 * cached answer outlived the write: a transfer was indexed (a full read showed it) while the same
 * change query still answered the rows from before, and the mirror, asking the same question
 * again, would have kept the old owner. A new parameter each time is a new question.
 */
export const freshRead = (): SQL.Aliased<number> => sql<number>`${++reads}::integer`.as("fresh_read");
