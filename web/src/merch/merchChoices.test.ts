import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { MerchVariant } from "@pixlings/shared/http/merch";
import { autoPlacement, colorsOf, defaultColor, defaultSize, sizesOf, variantFor } from "./merchChoices.ts";

let nextId = 1;
const variant = (color: string, size: string): MerchVariant => ({
  id: nextId++,
  product_id: 71,
  name: `${color} / ${size}`,
  size,
  color,
  color_code: "#000000",
  image: "http://x/v.png",
  price: "9.25",
  in_stock: true,
  availability_status: "in_stock",
});
const file = (id: string, title = id) => ({ id, type: id, title });

describe("merch choices", () => {
  it("lists colours in catalogue order and a colour's sizes in the order XS..5XL, unknown sizes after them", () => {
    const variants = [
      variant("Navy", "XL"),
      variant("Navy", "S"),
      variant("White", "5XL"),
      variant("Navy", "One size"),
      variant("Navy", "2XL"),
      variant("Navy", "xs"),
    ];
    assert.deepEqual(colorsOf(variants), ["Navy", "White"]);
    assert.deepEqual(sizesOf(variants, "Navy"), ["xs", "S", "XL", "2XL", "One size"]);
    assert.deepEqual(sizesOf(variants, "White"), ["5XL"]);
    assert.deepEqual(sizesOf([variant("A", "20 oz"), variant("A", "11 oz"), variant("A", "15 oz")], "A"), ["20 oz", "11 oz", "15 oz"]);
  });

  it("picks the colour last used, else Black, else White, else the first", () => {
    assert.equal(defaultColor(["Navy", "Black", "White"], { lastColor: "navy" }), "Navy");
    assert.equal(defaultColor(["Navy", "Black", "White"], { lastColor: "Maroon" }), "Black");
    assert.equal(defaultColor(["Navy", "White"], { lastColor: undefined }), "White");
    assert.equal(defaultColor(["Oyster", "Navy"], { lastColor: undefined }), "Oyster");
    assert.equal(defaultColor([], { lastColor: "Black" }), null);
  });

  it("picks the size last used for the product type, else M, else L, else the first", () => {
    const prefs = { sizeByType: { "T-Shirt": "XL", Mug: "15 oz" } };
    assert.equal(defaultSize(["S", "M", "XL"], "T-Shirt", prefs), "XL");
    assert.equal(defaultSize(["S", "M", "L"], "Hoodie", prefs), "M");
    assert.equal(defaultSize(["S", "L"], "T-Shirt", { sizeByType: { "T-Shirt": "3XL" } }), "L");
    assert.equal(defaultSize(["11 oz", "15 oz"], "Mug", prefs), "15 oz");
    assert.equal(defaultSize(["11 oz", "20 oz"], "Mug", prefs), "11 oz");
    assert.equal(defaultSize([], "Mug", prefs), null);
  });

  it("auto-chooses an embroidery placement, else one with front, else the first", () => {
    assert.equal(autoPlacement([file("front"), file("back"), file("embroidery_chest_left")]), "embroidery_chest_left");
    assert.equal(autoPlacement([file("back"), file("front_large"), file("front")]), "front_large");
    assert.equal(autoPlacement([file("default")]), "default");
    assert.equal(autoPlacement([{ id: "x1", type: "embroidery_front", title: "Front embroidery" }, file("front")]), "x1");
    assert.equal(autoPlacement([]), null);
  });

  it("finds the variant of a colour and size", () => {
    const variants = [variant("Black", "M"), variant("Black", "L"), variant("White", "M")];
    assert.equal(variantFor(variants, "Black", "L"), variants[1]);
    assert.equal(variantFor(variants, "White", "L"), undefined);
    assert.equal(variantFor(variants, null, "M"), undefined);
  });
});
