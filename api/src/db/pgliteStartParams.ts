import { PGlite } from "@electric-sql/pglite";

/**
 * PGlite's buffer cache by default (Postgres' own default is 128 MB, all of it in this process's
 * memory once touched): the API's tables are small, and a page not in it is one read of the data
 * dir's file, which the OS caches.
 */
export const PGLITE_SHARED_BUFFERS_DEFAULT_MB = 16;

/** PGlite's own start parameters, with its buffer cache of `sharedBuffersMb`. */
export function pgliteStartParams(sharedBuffersMb: number): string[] {
  return [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffersMb}MB`];
}
