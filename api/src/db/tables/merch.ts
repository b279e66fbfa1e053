import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { MockupTaskResponse } from "@pixlings/shared/http/merch";
import { timestamptz } from "./columns.ts";
import { users } from "./accounts.ts";

/**
 * Mockup tasks started at Printful (POST /api/printful/generate-mockup): whose they are, so only
 * their user may follow them (GET /api/printful/check-task/{taskKey}), what they preview, and how
 * they ended (then answered from here: Printful is not asked again).
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
    /** The answer once completed or failed (as check-task gives it); null while pending. */
    outcome: jsonb("outcome").$type<Omit<MockupTaskResponse["result"], "task_key">>(),
    /**
     * When Printful may next be asked about it for the pages waiting on it (check-task?wait=): the
     * API process that moves it forward asks, every other one reads the outcome from here.
     */
    nextCheckAt: timestamptz("next_check_at").notNull().defaultNow(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("mockup_tasks_user_idx").on(t.userId)],
);
