import type { FreemintCard } from "@pixlings/shared/http/checkout";
import type { freemintCards } from "../db/tables/freemintCards.ts";

/** A freemint card as the admin API answers it. */
export function toFreemintCard(row: typeof freemintCards.$inferSelect): FreemintCard {
  return {
    id: row.id,
    code: row.code,
    cardType: row.cardType,
    totalSlots: row.totalSlots,
    usedSlots: row.usedSlots,
    isActive: row.isActive,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    redeemedAt: row.redeemedAt?.toISOString() ?? null,
  };
}
