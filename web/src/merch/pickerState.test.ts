import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { MerchProduct, MerchVariant } from "@pixlings/shared/http/merch";
import { INITIAL_PICKER, type PickerAction, type PickerState, pickerReducer } from "./pickerState.ts";

const variant = (id: number, color: string, size: string): MerchVariant => ({
  id,
  product_id: 146,
  name: "",
  size,
  color,
  color_code: "#000000",
  image: "http://x/v.png",
  price: "9.25",
  in_stock: true,
  availability_status: "in_stock",
});
const hoodie: MerchProduct = {
  id: 146,
  type: "HOODIE",
  type_name: "Hoodie",
  title: "Hoodie",
  brand: null,
  model: "18500",
  image: "http://x/p.png",
  variant_count: 4,
  files: [
    { id: "front", type: "front", title: "Front print" },
    { id: "embroidery_chest_left", type: "embroidery_chest_left", title: "Left chest embroidery" },
  ],
};
const variants = [variant(1, "White", "S"), variant(2, "White", "M"), variant(3, "Black", "L"), variant(4, "Black", "XL")];
const none = { lastColor: undefined, sizeByType: {} };
const run = (...actions: PickerAction[]): PickerState => actions.reduce(pickerReducer, INITIAL_PICKER);

describe("the picker's choices", () => {
  it("chooses placement, colour and size when the product's details load", () => {
    const state = run(
      { type: "category", category: "Apparel" },
      { type: "product", productId: 146 },
      { type: "details", product: hoodie, variants, preferences: none },
    );
    assert.deepEqual(state, { category: "Apparel", productId: 146, detailsOf: 146, placements: ["embroidery_chest_left"], color: "Black", size: "L" });
    const remembered = run(
      { type: "product", productId: 146 },
      { type: "details", product: hoodie, variants, preferences: { lastColor: "White", sizeByType: { Hoodie: "S" } } },
    );
    assert.deepEqual([remembered.color, remembered.size], ["White", "S"]);
  });

  it("sets the defaults once per product, and ignores details of another product than the chosen one", () => {
    let state = run(
      { type: "product", productId: 146 },
      { type: "details", product: hoodie, variants, preferences: none },
      { type: "color", color: "White", variants, productType: "Hoodie", preferences: none },
    );
    state = pickerReducer(state, { type: "details", product: hoodie, variants, preferences: none });
    assert.equal(state.color, "White", "a refetch does not undo the shopper's choice");
    assert.equal(pickerReducer(run({ type: "product", productId: 71 }), { type: "details", product: hoodie, variants, preferences: none }).detailsOf, null);
  });

  it("keeps the size when the new colour has it, else picks that colour's default size", () => {
    const loaded = run({ type: "product", productId: 146 }, { type: "details", product: hoodie, variants, preferences: none });
    const white = pickerReducer(loaded, { type: "color", color: "White", variants, productType: "Hoodie", preferences: none });
    assert.deepEqual([white.color, white.size], ["White", "M"]);
    const back = pickerReducer({ ...white, size: "S" }, { type: "color", color: "Black", variants, productType: "Hoodie", preferences: none });
    assert.deepEqual([back.color, back.size], ["Black", "L"]);
  });

  it("toggles placements, and resets product, placements, colour and size on a new category or product", () => {
    const loaded = run(
      { type: "category", category: "Apparel" },
      { type: "product", productId: 146 },
      { type: "details", product: hoodie, variants, preferences: none },
    );
    const both = pickerReducer(loaded, { type: "placement", placement: "front" });
    assert.deepEqual(both.placements, ["embroidery_chest_left", "front"]);
    assert.deepEqual(pickerReducer(both, { type: "placement", placement: "embroidery_chest_left" }).placements, ["front"]);
    assert.deepEqual(pickerReducer(both, { type: "product", productId: 71 }), { ...INITIAL_PICKER, category: "Apparel", productId: 71 });
    assert.deepEqual(pickerReducer(both, { type: "category", category: "Drinkware" }), { ...INITIAL_PICKER, category: "Drinkware" });
    assert.equal(pickerReducer(both, { type: "category", category: "Apparel" }), both, "the same category again changes nothing");
  });
});
