import type { z } from "zod";
import { PGLITE_SHARED_BUFFERS_DEFAULT_MB } from "../db/pgliteStartParams.ts";
import { SESSION_CACHE_DEFAULT_BYTES } from "../sessions/sessionUserCache.ts";
import { PNG_CACHE_DEFAULT_BYTES } from "../pixlings/imageCache.ts";
import type { EnvSchema } from "./envSchema.ts";

const MB = 1024 * 1024;

/** Room for the compressed pages of several versions of the catalogue (a Browse page is about 5 kB compressed; http/compressBodies.ts). */
export const COMPRESSED_CACHE_DEFAULT_BYTES = 8 * 1024 * 1024;

/** The bounds of what the API keeps in memory besides the data it serves (docs/api.md, Memory). */
export interface MemoryConfig {
  /** PGlite's buffer cache (Postgres' shared_buffers), in MB: API_PGLITE_SHARED_BUFFERS_MB. */
  pgliteSharedBuffersMb: number;
  /** Session lookups kept on PGlite (sessions/sessionUserCache.ts): API_SESSION_CACHE_MB. */
  sessionCacheBytes: number;
  /** Rendered Pix PNGs (pixlings/imageCache.ts): API_PNG_CACHE_MB. */
  pngCacheBytes: number;
  /** Compressed JSON bodies (http/compressBodies.ts): API_COMPRESSED_CACHE_MB. */
  compressedCacheBytes: number;
}

/** Each variable in MB, or its module's default. */
export function readMemoryConfig(e: z.output<typeof EnvSchema>): MemoryConfig {
  const bytes = (mb: number | undefined, byDefault: number): number => (mb === undefined ? byDefault : mb * MB);
  return {
    pgliteSharedBuffersMb: e.API_PGLITE_SHARED_BUFFERS_MB ?? PGLITE_SHARED_BUFFERS_DEFAULT_MB,
    sessionCacheBytes: bytes(e.API_SESSION_CACHE_MB, SESSION_CACHE_DEFAULT_BYTES),
    pngCacheBytes: bytes(e.API_PNG_CACHE_MB, PNG_CACHE_DEFAULT_BYTES),
    compressedCacheBytes: bytes(e.API_COMPRESSED_CACHE_MB, COMPRESSED_CACHE_DEFAULT_BYTES),
  };
}
