import type { FormCheck } from "../../../components/useCheckedSubmit.ts";
import { FREEMINT_CARD_TYPES, type CreateFreemintCardRequest, type FreemintCard, type FreemintCardType } from "@pixlings/shared/http/checkout";

export type FreemintBadge = "Inactive" | "Expired" | "Fully Redeemed" | "Active";

/** Spec section 4, in its order: Inactive if not active; Expired if past expiry; Fully Redeemed if every slot is used; else Active. */
export function freemintBadge(card: Pick<FreemintCard, "isActive" | "expiresAt" | "usedSlots" | "totalSlots">, now: Date): FreemintBadge {
  if (!card.isActive) return "Inactive";
  if (card.expiresAt !== null && new Date(card.expiresAt).getTime() <= now.getTime()) return "Expired";
  if (card.usedSlots >= card.totalSlots) return "Fully Redeemed";
  return "Active";
}

/** How many Pix a card of a type grants ("3pix" → 3). */
export function slotsOf(cardType: FreemintCardType): number {
  return Number.parseInt(cardType, 10);
}

export interface FreemintDraft {
  /** "" until one is chosen. */
  cardType: string;
  /** A `datetime-local` value (the admin's local time), "" for no expiry. */
  expiresAt: string;
}

const isCardType = (value: string): value is FreemintCardType => (FREEMINT_CARD_TYPES as readonly string[]).includes(value);

/** The create form (docs/map.md#validation): a card type is required; the expiry is optional and not in the past. */
export function checkFreemintDraft(draft: FreemintDraft, now: Date): FormCheck<CreateFreemintCardRequest> {
  if (!isCardType(draft.cardType)) return { ok: false, error: "Please select a card type" };
  if (draft.expiresAt === "") return { ok: true, request: { cardType: draft.cardType, totalSlots: slotsOf(draft.cardType), expiresAt: null } };
  // A datetime-local value has no zone: the Date constructor reads it as the browser's local time.
  const expires = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(draft.expiresAt) ? new Date(draft.expiresAt) : new Date(Number.NaN);
  if (Number.isNaN(expires.getTime())) return { ok: false, error: "Please enter a valid expiry date and time" };
  if (expires.getTime() <= now.getTime()) return { ok: false, error: "The expiry date cannot be in the past" };
  return { ok: true, request: { cardType: draft.cardType, totalSlots: slotsOf(draft.cardType), expiresAt: expires.toISOString() } };
}
