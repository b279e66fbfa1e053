import assert from "node:assert/strict";
import { test } from "node:test";
import { parseGwei } from "viem";
import { formatCoin } from "../deploy/fees.ts";
import { previewLines } from "./preview.ts";

test("costs are shown in the chain's coin, rounded up to 8 decimals, never lower than they are", () => {
  assert.equal(formatCoin(0n, "ETH"), "0 ETH");
  assert.equal(formatCoin(1n, "ETH"), "0.00000001 ETH");
  assert.equal(formatCoin(10n ** 10n, "POL"), "0.00000001 POL");
  assert.equal(formatCoin(10n ** 10n + 1n, "POL"), "0.00000002 POL");
  assert.equal(formatCoin(1_500_000_000_000_000_000n, "ETH"), "1.5 ETH");
});

test("a preview names the chain, contract, call, sender and key source, the gas and both costs", () => {
  const lines = previewLines({
    network: "amoy",
    chainName: "Polygon Amoy",
    chainId: 80002,
    contract: "0x00000000000000000000000000000000000000cC",
    call: "setMintingActive(false)",
    effect: "pause minting",
    from: "0x00000000000000000000000000000000000000aA",
    keySource: "OWNER_PRIVATE_KEY",
    gas: 29_842n,
    fees: { likely: parseGwei("30"), max: parseGwei("60") },
    coin: "POL",
    notes: ["a note"],
  });
  assert.deepEqual(lines, [
    "amoy: pause minting",
    "  Chain      Polygon Amoy (80002)",
    "  Contract   0x00000000000000000000000000000000000000cC",
    "  Call       setMintingActive(false)",
    "  From       0x00000000000000000000000000000000000000aA (key from OWNER_PRIVATE_KEY)",
    "  Gas        29,842 (estimated)",
    "  Cost       about 0.00089526 POL at 30 gwei; at most 0.00179052 POL at 60 gwei",
    "  Note       a note",
  ]);
});
