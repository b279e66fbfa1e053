import { FREEMINT_CARD_TYPES } from "@pixlings/shared/http/checkout";
import { sql } from "drizzle-orm";
import { boolean, check, integer, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.ts";
import { users } from "./accounts.ts";

export const freemintCardType = pgEnum("freemint_card_type", FREEMINT_CARD_TYPES);

/**
 * Freemint cards (docs/map.md#freemint-card; created by admins): a code that mints up to `totalSlots` Common
 * Pix for free, through the same custody path as card orders. `usedSlots` only grows, in the
 * transaction that reserves the redeemed ids (and shrinks back if such an order is refunded).
 */
export const freemintCards = pgTable(
  "freemint_cards",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    code: text("code").notNull().unique(),
    cardType: freemintCardType("card_type").notNull(),
    totalSlots: integer("total_slots").notNull(),
    usedSlots: integer("used_slots").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    expiresAt: timestamptz("expires_at"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    /** When the last slot was used. */
    redeemedAt: timestamptz("redeemed_at"),
  },
  (t) => [check("freemint_cards_slots", sql`${t.usedSlots} >= 0 and ${t.usedSlots} <= ${t.totalSlots}`)],
);
