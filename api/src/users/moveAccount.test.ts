import assert from "node:assert/strict";
import { test } from "node:test";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import * as schema from "../db/schema.ts";
import { MOVED_WITH_ACCOUNT } from "./moveAccount.ts";

test("moving an account says what happens to every table keyed by user id, and only those", () => {
  const usersName = getTableConfig(schema.users).name;
  const tables: PgTable[] = Object.values(schema).flatMap((value: unknown) => (value instanceof PgTable ? [value as PgTable] : []));
  const keyedByUser = tables
    .map((table) => getTableConfig(table))
    .filter((config) => config.foreignKeys.some((fk) => getTableConfig(fk.reference().foreignTable).name === usersName))
    .map((config) => config.name);
  assert.ok(keyedByUser.length >= 4, `found only ${keyedByUser.join(", ")}`);
  assert.deepEqual(keyedByUser.sort(), Object.keys(MOVED_WITH_ACCOUNT).sort());
});
