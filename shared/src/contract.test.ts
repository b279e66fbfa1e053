import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { MINT_GAS_ESTIMATE } from "./contract.ts";

const gas = JSON.parse(readFileSync(new URL("../../bench/results/gas.json", import.meta.url), "utf8")) as {
  figures: Record<string, { value: number }>;
};

describe("the mint page's gas estimate", () => {
  it("is the measured gas of a first mint of one Pix, rounded up by at most 5%", () => {
    const fresh = gas.figures.pixlings_mint1_fresh!.value;
    assert.ok(Number(MINT_GAS_ESTIMATE) >= fresh, `${MINT_GAS_ESTIMATE} < measured ${fresh}`);
    assert.ok(Number(MINT_GAS_ESTIMATE) <= fresh * 1.05, `${MINT_GAS_ESTIMATE} is far above measured ${fresh}`);
  });
});
