// Every API process migrates the database at its start, under the processes of the build before it
// still running (docs/production.md, zero-downtime upgrade): a new migration must leave everything
// the previous build reads and writes in place. This refuses the statements that do not, unless
// the migration says at its top why it may (`-- not additive: <reason>`, for a release that stops
// every old process first).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "@pixlings/shared/node/paths";

const MIGRATIONS = path.join(REPO_ROOT, "api", "drizzle");
/** Landed before this check, each released with every old process stopped (docs/production.md). */
const LANDED_NOT_ADDITIVE = new Set(["0003_accounts.sql", "0011_accounts_safety.sql", "0017_session_cache.sql"]);
const MARKER = /^--\s*not additive:\s*\S/m;

const RULES: readonly { what: string; pattern: RegExp }[] = [
  { what: "drops a table, column, type, view or function the running build may use", pattern: /\bDROP\s+(TABLE|COLUMN|TYPE|VIEW|FUNCTION|SCHEMA)\b/i },
  { what: "renames what the running build names", pattern: /\bRENAME\b/i },
  { what: "changes a column's type under the running build", pattern: /\bALTER\s+COLUMN\s+"?\w+"?\s+(SET\s+DATA\s+)?TYPE\b/i },
  { what: "makes a column required that the running build may leave empty", pattern: /\bSET\s+NOT\s+NULL\b/i },
  {
    what: "adds a required column without a default (the running build's inserts leave it out)",
    pattern: /\bADD\s+COLUMN\b(?![^;]*\bDEFAULT\b)[^;]*\bNOT\s+NULL\b/i,
  },
];

/** The statements of `sql` (drizzle-kit's breakpoints, or semicolons) that the build before cannot run beside, with why. */
function notAdditive(sql: string): string[] {
  const withoutComments = sql.replace(/--[^\n]*/g, "");
  return withoutComments
    .split(/;/)
    .map((statement) => statement.trim())
    .filter((statement) => statement !== "")
    .flatMap((statement) => RULES.filter((rule) => rule.pattern.test(statement)).map((rule) => `${statement.replace(/\s+/g, " ")}: ${rule.what}`));
}

test("the check refuses what breaks the build before, and lets additive statements through", () => {
  assert.deepEqual(notAdditive(`ALTER TABLE "users" DROP COLUMN "is_admin";`).length, 1);
  assert.deepEqual(notAdditive(`DROP TABLE "carts";`).length, 1);
  assert.deepEqual(notAdditive(`ALTER TABLE "a" RENAME COLUMN "b" TO "c";`).length, 1);
  assert.deepEqual(notAdditive(`ALTER TABLE "a" ALTER COLUMN "b" SET DATA TYPE bigint;`).length, 1);
  assert.deepEqual(notAdditive(`ALTER TABLE "a" ALTER COLUMN "b" TYPE bigint;`).length, 1);
  assert.deepEqual(notAdditive(`ALTER TABLE "sessions" ALTER COLUMN "signed_in_with" SET NOT NULL;`).length, 1);
  assert.deepEqual(notAdditive(`ALTER TABLE "a" ADD COLUMN "b" integer NOT NULL;`).length, 1);
  assert.deepEqual(
    notAdditive(`CREATE TABLE "x" ("id" serial PRIMARY KEY NOT NULL);--> statement-breakpoint
ALTER TABLE "a" ADD COLUMN "b" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "a" ADD COLUMN "c" text;--> statement-breakpoint
ALTER TYPE "public"."order_job_kind" ADD VALUE 'payment_check';--> statement-breakpoint
CREATE INDEX "a_b" ON "a" USING btree ("b");
-- DROP TABLE "in a comment";`),
    [],
  );
});

test("every migration since the check is additive, or says at its top why it may not be", () => {
  const refused = readdirSync(MIGRATIONS)
    .filter((file) => file.endsWith(".sql") && !LANDED_NOT_ADDITIVE.has(file))
    .flatMap((file) => {
      const sql = readFileSync(path.join(MIGRATIONS, file), "utf8");
      return MARKER.test(sql) ? [] : notAdditive(sql).map((problem) => `${file}: ${problem}`);
    });
  assert.deepEqual(refused, [], "write the release additively (docs/production.md), or mark the migration `-- not additive: <why>`");
});

test("the migrations landed before the check are still the ones it knows", () => {
  for (const file of LANDED_NOT_ADDITIVE) assert.notDeepEqual(notAdditive(readFileSync(path.join(MIGRATIONS, file), "utf8")), [], file);
});
