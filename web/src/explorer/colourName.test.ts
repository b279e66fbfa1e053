import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { colourName } from "./colourName.ts";

describe("colour names for the palette picker", () => {
  it("names the collection's colours by hue and shade", () => {
    const names: [string, string][] = [
      ["d9434b", "red"],
      ["7a2536", "dark red"],
      ["fcdcd3", "pale red"],
      ["ea7a2e", "orange"],
      ["f2c53d", "yellow"],
      ["8fc43f", "lime"],
      ["3ea66b", "green"],
      ["2aa3a3", "teal"],
      ["4aa2e2", "sky blue"],
      ["5666d6", "blue"],
      ["9256c8", "purple"],
      ["e0619d", "pink"],
      ["94613d", "brown"],
      ["4a2f23", "dark brown"],
      ["000000", "black"],
      ["ffffff", "white"],
      ["808080", "grey"],
      ["f8f5ec", "white"],
    ];
    assert.deepEqual(
      names.map(([hex]) => [hex, colourName(hex)]),
      names,
    );
  });
});
