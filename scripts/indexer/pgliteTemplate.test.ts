import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { PGlite } from "@electric-sql/pglite";
import { emptyPgliteDataDir } from "./pgliteTemplate.ts";

const root = mkdtempSync(path.join(os.tmpdir(), "pixlings-pglite-template-test-"));
after(() => rmSync(root, { recursive: true, force: true }));

test("two data dirs from the template are separate, working databases; an existing dir is refused", async () => {
  const [a, b] = [path.join(root, "a"), path.join(root, "b")];
  await Promise.all([emptyPgliteDataDir(a), emptyPgliteDataDir(b)]);
  await assert.rejects(emptyPgliteDataDir(a), "never two databases mixed in one dir");
  const first = new PGlite(a);
  await first.exec("create table pix (id int primary key); insert into pix values (7)");
  await first.close();
  const second = new PGlite(b);
  const tables = await second.query<{ n: number }>("select count(*)::int as n from information_schema.tables where table_name = 'pix'");
  assert.equal(tables.rows[0]?.n, 0, "b does not see a's table");
  await second.close();
});
