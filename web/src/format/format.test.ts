import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  formatCoin,
  formatCount,
  formatUsd,
  roundDecimal,
  shortAddress,
  shortHash,
  sumDecimals,
  weiToDecimal,
  formatDate,
  formatDateTime,
  pixList,
} from "./format.ts";

describe("formatters", () => {
  it("shortens an address to its first 6 and last 4 characters", () => {
    assert.equal(shortAddress("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"), "0xf39F...2266");
    assert.equal(shortAddress("0x1234"), "0x1234");
  });

  it("shortens a transaction hash", () => {
    const hash = "0x8f3a6c9d2e1b4a7f0c5e8d3b6a9f2c1e4d7b0a3f6c9e2d5b8a1f4c7e0d3b6a9f";
    assert.equal(shortHash(hash), "0x8f3a6c9d...0d3b6a9f");
  });

  it("prices show 4 decimals of the coin, rounded half-up, exactly", () => {
    assert.equal(formatCoin("0.01", "ETH"), "0.0100 ETH");
    assert.equal(formatCoin("0.26", "ETH"), "0.2600 ETH");
    assert.equal(formatCoin("392", "POL"), "392.0000 POL");
    assert.equal(roundDecimal("0.00005"), "0.0001");
    assert.equal(roundDecimal("0.00004999"), "0.0000");
    assert.equal(roundDecimal("1.99996"), "2.0000");
    assert.equal(roundDecimal("0.123456", 2), "0.12");
  });

  it("sums decimal prices without floating-point error", () => {
    assert.equal(sumDecimals(["0.1", "0.2"]), "0.3");
    assert.equal(sumDecimals(["0.13", "0.03", "0.01"]), "0.17");
    assert.equal(sumDecimals([]), "0");
    assert.equal(formatCoin(sumDecimals(["392", "93", "31"]), "POL"), "516.0000 POL");
  });

  it("formats USD with 2 decimals and counts with separators", () => {
    assert.equal(formatUsd(624), "$624.00");
    assert.equal(formatUsd(0.5), "$0.50");
    assert.equal(formatUsd(1234.567), "$1,234.57");
    assert.equal(formatCount(9999), "9,999");
    assert.equal(pixList([]), "");
    assert.equal(pixList([12]), "Pix #12");
    assert.equal(pixList([12, 30]), "Pix #12 and Pix #30");
    assert.equal(pixList([1, 2, 3]), "Pix #1, Pix #2 and Pix #3");
  });

  it("converts wei to a decimal coin amount", () => {
    assert.equal(weiToDecimal("170000000000000000"), "0.17");
  });

  it("formats dates in the reader's zone, leaving anything else as it is", () => {
    // Noon UTC is the same day in every zone but the far Pacific ones.
    assert.equal(formatDate("2026-11-24T12:00:00.000Z"), "Nov 24, 2026");
    assert.match(formatDateTime("2026-11-24T12:00:00.000Z"), /^Nov 24, 2026, \d{1,2}:\d{2}\s?(AM|PM)$/);
    assert.equal(formatDate("soon"), "soon");
    assert.equal(formatDateTime(""), "");
  });
});
