// `node api/src/db/initPgliteDir.ts <dir> <sharedBuffersMb>`: creates a PGlite data dir with every
// migration applied, then exits (openDatabase runs it apart: initPgliteDirApart.ts).
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_DIR } from "./openDatabase.ts";
import { pgliteStartParams } from "./pgliteStartParams.ts";

const [dir, sharedBuffersMb] = process.argv.slice(2);
if (!dir || !sharedBuffersMb) {
  console.error("usage: initPgliteDir.ts <dir> <sharedBuffersMb>");
  process.exit(2);
}
const client = await PGlite.create({ dataDir: dir, startParams: pgliteStartParams(Number(sharedBuffersMb)) });
try {
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
} finally {
  await client.close();
}
