import assert from "node:assert/strict";
import { test } from "node:test";
import { getAddress, parseEther, parseGwei } from "viem";
import { deployPreviewLines, type DeployPlan } from "./deployPreview.ts";
import { describeVerification } from "./verifySource.ts";

const A = getAddress("0x00000000000000000000000000000000000000aa");
const B = getAddress("0x00000000000000000000000000000000000000bb");

const fresh: DeployPlan = {
  network: "sepolia",
  chainName: "Sepolia Testnet",
  chainId: 11155111,
  coin: "ETH",
  deployer: A,
  balance: parseEther("0.1"),
  decision: { action: "deploy" },
  setup: {
    owner: A,
    signer: B,
    minter: B,
    artAdmin: A,
    custody: B,
    withdrawRecipient: A,
    royaltyReceiver: A,
    royaltyBps: 500n,
    tierPrices: [1n, 2n, 3n],
    mintingActive: false,
  },
  chunksToWrite: 40,
  sale: "open",
  gas: { deployment: 4_466_168n, upload: 75_991_473n, sale: 29_844n },
  fees: { likely: parseGwei("2"), max: parseGwei("4") },
  verification: "source verification skipped: ETHERSCAN_API_KEY is not set",
  problems: ["the deployer holds 0.1 ETH, less than the likely cost of 0.16097497 ETH"],
};

test("the deploy preview shows each step's gas and cost, the total at the likely and the highest fee, and what stops it", () => {
  assert.deepEqual(deployPreviewLines(fresh), [
    `Deploy to sepolia: Sepolia Testnet (11155111), from ${A} holding 0.1 ETH`,
    `  Contract      deploy Pixlings: owner ${A}, signer ${B}, minter ${B}, art admin ${A}, custody ${B}: 4,466,168 gas, about 0.00893234 ETH`,
    "  Art upload    40 of 40 chunks to write, one transaction each: 75,991,473 gas, about 0.15198295 ETH",
    "  Sale          read every tokenURI, then open the sale (setMintingActive(true)): 29,844 gas, about 0.00005969 ETH",
    "  Total         80,487,485 gas: about 0.16097497 ETH at 2 gwei, at most 0.32194994 ETH at 4 gwei",
    "  Verification  source verification skipped: ETHERSCAN_API_KEY is not set",
    "  Problem       the deployer holds 0.1 ETH, less than the likely cost of 0.16097497 ETH",
  ]);
});

test("a resumed deploy reuses the recorded contract and counts only the chunks the chain lacks", () => {
  const lines = deployPreviewLines({
    ...fresh,
    decision: { action: "reuse", address: B, blockNumber: 5n, outcome: "outdated" },
    setup: undefined,
    chunksToWrite: 12,
    sale: "left for the owner",
    gas: { deployment: 0n, upload: 22_000_000n, sale: 0n },
    problems: [],
  });
  assert.equal(lines[1], `  Contract      reuse ${B} (recorded; an older build: --redeploy replaces it): no gas`);
  assert.equal(lines[2], "  Art upload    12 of 40 chunks to write, one transaction each: 22,000,000 gas, about 0.044 ETH");
  assert.equal(lines[3], "  Sale          read every tokenURI; the owner (not the deployer) opens the sale: no gas");
  assert.equal(lines.length, 6);
});

test("the verification line says when it is skipped or failed, and that a failure leaves the deployment standing", () => {
  assert.equal(describeVerification({ state: "skipped", reason: "ETHERSCAN_API_KEY is not set" }), "source verification skipped: ETHERSCAN_API_KEY is not set");
  assert.match(
    describeVerification({ state: "failed", reason: "  boom" }),
    /^source verification FAILED \(the deployment itself is fine; run the deploy again to retry\):\n {2}boom$/,
  );
});
