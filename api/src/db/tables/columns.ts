import { timestamp } from "drizzle-orm/pg-core";

// Millisecond precision everywhere: PGlite stores milliseconds, Postgres microseconds.
export const timestamptz = (name: string) => timestamp(name, { precision: 3, withTimezone: true, mode: "date" });
