import assert from "node:assert/strict";
import { test } from "node:test";
import { CHAIN_IDS, CHAINS, coinOfNetwork } from "./chains.ts";

test("each network has one coin, the one every chain of it uses", () => {
  assert.equal(coinOfNetwork("ethereum"), "ETH");
  assert.equal(coinOfNetwork("polygon"), "POL");
  for (const id of CHAIN_IDS) assert.equal(CHAINS[id].coin, coinOfNetwork(CHAINS[id].network), `chain ${id}`);
});

test("a network no chain belongs to has no coin", () => {
  assert.throws(() => coinOfNetwork("solana" as never), /No chain of network solana/);
});
