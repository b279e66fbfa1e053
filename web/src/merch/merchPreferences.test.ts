import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";
import { readMerchPreferences, saveMerchPreferences } from "./merchPreferences.ts";

// Node's Web Storage: sessionStorage stands for the page's localStorage (Node's needs a file).
const storage = (): Storage => sessionStorage;
const read = () => readMerchPreferences(storage);
const save = (color: string, type: string, size: string) => saveMerchPreferences(color, type, size, storage);

describe("merch preferences in localStorage", () => {
  beforeEach(() => sessionStorage.clear());

  it("keeps the last colour and the last size per product type under the spec's keys", () => {
    assert.deepEqual(read(), { lastColor: undefined, sizeByType: {} });
    save("Navy", "T-Shirt", "XL");
    save("White", "Mug", "15 oz");
    assert.deepEqual(JSON.parse(sessionStorage.getItem("userColorPreferences") ?? ""), { lastUsed: "White" });
    assert.deepEqual(JSON.parse(sessionStorage.getItem("userSizePreferences") ?? ""), { "T-Shirt": "XL", Mug: "15 oz" });
    assert.deepEqual(read(), { lastColor: "White", sizeByType: { "T-Shirt": "XL", Mug: "15 oz" } });
  });

  it("treats unreadable stored values as no preference", () => {
    sessionStorage.setItem("userColorPreferences", "{not json");
    sessionStorage.setItem("userSizePreferences", JSON.stringify({ "T-Shirt": 42 }));
    assert.deepEqual(read(), { lastColor: undefined, sizeByType: {} });
    sessionStorage.setItem("userColorPreferences", JSON.stringify({ lastUsed: "" }));
    assert.equal(read().lastColor, undefined);
    save("Black", "Hoodie", "L");
    assert.deepEqual(read(), { lastColor: "Black", sizeByType: { Hoodie: "L" } });
  });
});
