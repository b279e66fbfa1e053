// The API's public face, part database: opening it as the API does, and where its migrations are.
export { type Database, type Db, MIGRATIONS_DIR, openDatabase } from "../db/openDatabase.ts";
