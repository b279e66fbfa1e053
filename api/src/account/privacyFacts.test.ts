// The privacy page's list of what is stored names every table of the API database, each once, and
// no table that does not exist: a new table must say what it holds and how long it is kept.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { NOT_PERSONAL_TABLES, STORED_DATA } from "@pixlings/shared/privacy";
import * as schema from "../db/schema.ts";

describe("the privacy page's facts", () => {
  it("name every table of the schema once, as personal data or as not", () => {
    const tables = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => getTableName(table))
      .sort();
    const named = [...STORED_DATA.flatMap((entry) => entry.tables), ...Object.keys(NOT_PERSONAL_TABLES)];
    assert.equal(new Set(named).size, named.length, "a table named twice");
    assert.deepEqual([...named].sort(), tables);
  });

  it("say for each what it is, how long it is kept and what deleting an account does", () => {
    for (const entry of STORED_DATA) {
      for (const text of [entry.what, entry.kept, entry.onDelete]) assert.match(text, /^[A-Z].+\.$/, text);
    }
  });
});
