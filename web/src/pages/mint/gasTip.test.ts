import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { CryptoPrices } from "@pixlings/shared/http/prices";
import { formatFeeUsd, mintFee, usdPerCoin } from "./gasTip.ts";

const prices: CryptoPrices = {
  ethereum: { common: { eth: "0.01", usd: 24 }, rare: { eth: "0.03", usd: 72 }, artist: { eth: "0.13", usd: 312 } },
  polygon: { common: { eth: "31", usd: 7.75 }, rare: { eth: "93", usd: 23.25 }, artist: { eth: "392", usd: 98 } },
};

describe("the gas tip line", () => {
  it("reads each coin's USD rate from the crypto prices", () => {
    assert.equal(usdPerCoin(prices, "ethereum"), 2400);
    assert.equal(usdPerCoin(prices, "polygon"), 0.25);
    assert.equal(usdPerCoin(undefined, "ethereum"), undefined);
  });

  it("prices a mint's gas at the chain's gas price, in the coin and in USD", () => {
    // 70,000 gas at 1 gwei: 0.00007 ETH, $0.168 at $2,400.
    const fee = mintFee(1_000_000_000n, 70_000n, 2400);
    assert.equal(fee.coin, "0.00007");
    assert.ok(Math.abs(fee.usd! - 0.168) < 1e-9);
    assert.equal(mintFee(30_000_000_000n, 70_000n, undefined).usd, undefined);
  });

  it("never rounds a fee below a cent to $0.00", () => {
    assert.equal(formatFeeUsd(0.0005), "< $0.01");
    assert.equal(formatFeeUsd(0.168), "$0.17");
    assert.equal(formatFeeUsd(0), "$0.00");
  });
});
