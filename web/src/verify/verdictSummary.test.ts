import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ChainInfo } from "@pixlings/shared/http/sale";
import type { ChainArt } from "./readChainArt.ts";
import type { ChainVerdict } from "./runVerification.ts";
import { verdictSummary } from "./verdictSummary.ts";

const chain = (chainId: number, name: string): ChainInfo => ({
  chainId,
  name,
  network: "ethereum",
  coin: "ETH",
  contract: "0x1111111111111111111111111111111111111111",
  rpcUrl: "http://127.0.0.1:8545",
  explorerUrl: null,
  gasLabel: "Low",
  primary: chainId === 31337,
});
const art: ChainArt = { source: "artOf", block: 12n, cells: Array<number>(81).fill(0) };
const eth = chain(31337, "Local Ethereum");
const pol = chain(31338, "Local Polygon");
const match = (c: ChainInfo): ChainVerdict => ({ kind: "match", chain: c, art });

describe("the verdict over every chain", () => {
  it("is verified only when every chain matched", () => {
    assert.deepEqual(verdictSummary({ shopProblem: undefined, chains: [match(eth), match(pol)] }), {
      verified: true,
      text: "Verified: all 2 chains hold the image shown.",
    });
  });

  it("names each chain that disagrees or could not be reached", () => {
    const summary = verdictSummary({
      shopProblem: undefined,
      chains: [
        { kind: "mismatch", chain: eth, art, differences: [] },
        { kind: "unreachable", chain: pol, reason: "HTTP request failed." },
      ],
    });
    assert.equal(summary.verified, false);
    assert.equal(summary.text, "Not verified: Local Ethereum disagrees with the shop's image; Local Polygon could not be reached.");
  });

  it("says when the shop's image could not be read, and never verifies with one chain unreachable", () => {
    assert.equal(
      verdictSummary({ shopProblem: "the shop answered 500 for its image", chains: [{ kind: "unchecked", chain: eth, art }] }).text,
      "Not verified: the shop's image could not be loaded (the shop answered 500 for its image).",
    );
    assert.equal(verdictSummary({ shopProblem: undefined, chains: [match(eth), { kind: "unreachable", chain: pol, reason: "x" }] }).verified, false);
    assert.equal(verdictSummary({ shopProblem: undefined, chains: [] }).verified, false);
  });
});
