import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { checkFreemintDraft, freemintBadge, slotsOf } from "./freemintRules.ts";

const NOW = new Date("2026-11-24T12:00:00.000Z");
const card = { isActive: true, expiresAt: null, usedSlots: 0, totalSlots: 3 };

describe("freemint badge (docs/map.md#freemint-card)", () => {
  it("is Active while active, unexpired and with free slots", () => {
    assert.equal(freemintBadge(card, NOW), "Active");
    assert.equal(freemintBadge({ ...card, expiresAt: "2026-11-24T12:00:01.000Z", usedSlots: 2 }, NOW), "Active");
  });

  it("checks in the spec's order: Inactive, then Expired, then Fully Redeemed", () => {
    const everything = { isActive: false, expiresAt: "2026-01-01T00:00:00.000Z", usedSlots: 3, totalSlots: 3 };
    assert.equal(freemintBadge(everything, NOW), "Inactive");
    assert.equal(freemintBadge({ ...everything, isActive: true }, NOW), "Expired");
    assert.equal(freemintBadge({ ...everything, isActive: true, expiresAt: null }, NOW), "Fully Redeemed");
  });

  it("is Expired from the expiry's very moment", () => {
    assert.equal(freemintBadge({ ...card, expiresAt: NOW.toISOString() }, NOW), "Expired");
  });
});

describe("freemint create form (docs/map.md#validation)", () => {
  it("requires a card type", () => {
    for (const cardType of ["", "12pix", "3PIX"])
      assert.deepEqual(checkFreemintDraft({ cardType, expiresAt: "" }, NOW), { ok: false, error: "Please select a card type" });
  });

  it("sends the type's slots and no expiry when none is given", () => {
    assert.deepEqual(checkFreemintDraft({ cardType: "6pix", expiresAt: "" }, NOW), { ok: true, request: { cardType: "6pix", totalSlots: 6, expiresAt: null } });
    assert.deepEqual([slotsOf("3pix"), slotsOf("6pix"), slotsOf("9pix")], [3, 6, 9]);
  });

  it("reads the expiry as local time and refuses the past", () => {
    const later = new Date(NOW.getTime() + 86_400_000);
    const local = (date: Date) =>
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}T${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
    assert.deepEqual(checkFreemintDraft({ cardType: "9pix", expiresAt: local(later) }, NOW), {
      ok: true,
      request: { cardType: "9pix", totalSlots: 9, expiresAt: later.toISOString() },
    });
    const earlier = new Date(NOW.getTime() - 60_000);
    assert.deepEqual(checkFreemintDraft({ cardType: "9pix", expiresAt: local(earlier) }, NOW), { ok: false, error: "The expiry date cannot be in the past" });
    assert.deepEqual(checkFreemintDraft({ cardType: "9pix", expiresAt: "tomorrow" }, NOW), { ok: false, error: "Please enter a valid expiry date and time" });
  });
});
