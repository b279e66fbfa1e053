import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.ts";
import { users } from "./accounts.ts";

/**
 * Mockup tasks started at Printful (POST /api/printful/generate-mockup): whose they are, so only
 * their user may follow them (GET /api/printful/check-task/{taskKey}), and what they preview.
 */
export const mockupTasks = pgTable(
  "mockup_tasks",
  {
    /** Printful's task key. */
    taskKey: text("task_key").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenId: integer("token_id").notNull(),
    productId: integer("product_id").notNull(),
    variantId: integer("variant_id").notNull(),
    placements: text("placements").array().notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("mockup_tasks_user_idx").on(t.userId)],
);
