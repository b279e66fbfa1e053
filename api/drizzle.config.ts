import { defineConfig } from "drizzle-kit";

// `pnpm --filter @pixlings/api db:generate` writes SQL migrations from src/db/schema.ts into
// drizzle/ (committed); the API applies them at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema.ts",
  out: "./drizzle",
});
