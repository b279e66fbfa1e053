import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { categoryOf, productsInCategory } from "./merchCategories.ts";

const product = (id: number, type_name: string, model = "") => ({ id, type_name, model });

describe("merch categories", () => {
  it("puts a product in the category of a keyword in its type name or model, in any case", () => {
    assert.equal(categoryOf(product(1, "T-Shirt")), "Apparel");
    assert.equal(categoryOf(product(2, "Unisex hoodie")), "Apparel");
    assert.equal(categoryOf(product(3, "Long Sleeve Tee")), "Apparel");
    assert.equal(categoryOf(product(4, "MUG")), "Drinkware");
    assert.equal(categoryOf(product(5, "Bottle", "Stainless Steel Water Bottle")), "Drinkware");
    assert.equal(categoryOf(product(6, "Framed poster")), "Home & Living");
    assert.equal(categoryOf(product(7, "Wall Art")), "Home & Living");
    assert.equal(categoryOf(product(8, "Phone Case")), "Accessories");
    assert.equal(categoryOf(product(9, "Kiss-Cut Stickers")), "Accessories");
    assert.equal(categoryOf(product(10, "Embroidered Hat", "Dad hat")), undefined);
  });

  it("offers each category's products in catalogue order, never product 599", () => {
    const catalogue = [product(71, "T-Shirt"), product(19, "Mug"), product(599, "Long Sleeve Tee"), product(146, "Hoodie"), product(84, "Tote Bag")];
    assert.deepEqual(
      productsInCategory(catalogue, "Apparel").map((p) => p.id),
      [71, 146],
    );
    assert.deepEqual(
      productsInCategory(catalogue, "Drinkware").map((p) => p.id),
      [19],
    );
    assert.deepEqual(productsInCategory(catalogue, "Home & Living"), []);
    assert.deepEqual(
      productsInCategory([product(599, "Mug")], "Drinkware").map((p) => p.id),
      [],
    );
  });
});
