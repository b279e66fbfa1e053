import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { formatMerchPrice, missingSelection, productPriceText } from "./merchPrice.ts";

describe("merch prices and the preview's missing choices", () => {
  it("show Printful's price per product, from its cheapest variant", () => {
    assert.equal(formatMerchPrice("9.5"), "$9.50");
    assert.equal(productPriceText([{ price: "9.25" }, { price: "11.25" }, { price: "9.25" }]), "From $9.25");
    assert.equal(productPriceText([{ price: "4.95" }, { price: "4.95" }]), "$4.95");
    assert.equal(productPriceText([]), undefined);
  });

  it("say what is missing until product, variant and a placement are chosen", () => {
    assert.equal(missingSelection({ productChosen: false, variantChosen: false, placements: 0 }), "Choose a category and a product first");
    assert.equal(missingSelection({ productChosen: true, variantChosen: false, placements: 1 }), "Please select a variant (color/size) and placement");
    assert.equal(missingSelection({ productChosen: true, variantChosen: true, placements: 0 }), "Please select a variant (color/size) and placement");
    assert.equal(missingSelection({ productChosen: true, variantChosen: true, placements: 1 }), null);
  });
});
