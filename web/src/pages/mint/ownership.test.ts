import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { PixHistoryEvent } from "@pixlings/shared/http/nfts";
import { historyAhead, historyText, ownerText, viewerOwns } from "./ownership.ts";

const ALICE = "0xA11CE00000000000000000000000000000000001";
const nobody = { connected: undefined, wallets: [], cardPurchases: [] };

describe("a minted Pix's owner", () => {
  it("is a shortened wallet, or a card buyer nobody is told the name of", () => {
    assert.equal(ownerText({ isMinted: false, ownerType: null, walletOwner: null }), undefined);
    assert.equal(ownerText({ isMinted: true, ownerType: "wallet", walletOwner: ALICE }), "0xA11C...0001");
    assert.equal(ownerText({ isMinted: true, ownerType: "card", walletOwner: null }), "Held for a card buyer");
  });

  it("is the viewer when their connected or linked wallet holds it, or custody holds it for them", () => {
    const wallet = { tokenId: 7, isMinted: true, ownerType: "wallet" as const, walletOwner: ALICE };
    assert.equal(viewerOwns(wallet, nobody), false);
    assert.equal(viewerOwns(wallet, { ...nobody, connected: ALICE.toLowerCase() }), true);
    assert.equal(viewerOwns(wallet, { ...nobody, wallets: [null, ALICE] }), true);
    assert.equal(viewerOwns(wallet, { ...nobody, cardPurchases: [7] }), false);
    const card = { tokenId: 8, isMinted: true, ownerType: "card" as const, walletOwner: null };
    assert.equal(viewerOwns(card, { ...nobody, cardPurchases: [8] }), true);
    assert.equal(viewerOwns(card, { ...nobody, cardPurchases: [7], connected: ALICE }), false);
    assert.equal(viewerOwns({ ...card, isMinted: false }, { ...nobody, cardPurchases: [8] }), false);
  });
});

describe("a Pix's history, in words", () => {
  const event = (overrides: Partial<PixHistoryEvent>): PixHistoryEvent => ({
    kind: "minted",
    chainId: 31337,
    at: "2026-01-01T00:00:00.000Z",
    txHash: "0x01",
    from: null,
    to: ALICE,
    fromCustody: false,
    toCustody: false,
    ...overrides,
  });
  const chains = [{ chainId: 31337, name: "Local Ethereum" }] as unknown as Parameters<typeof historyText>[1];
  it("says where it was minted, where it moved, and when its art was replaced", () => {
    assert.equal(historyText(event({}), chains), "Minted to 0xA11C...0001 on Local Ethereum");
    assert.equal(historyText(event({ toCustody: true, to: "0xC0" }), chains), "Minted for a card buyer on Local Ethereum, held for them by the shop");
    assert.equal(historyText(event({ kind: "moved", from: "0xC0", fromCustody: true }), chains), "Moved to the buyer's wallet 0xA11C...0001 (Mint to Wallet)");
    assert.equal(
      historyText(event({ kind: "moved", from: ALICE, to: "0xB0B0000000000000000000000000000000000002" }), chains),
      "Moved from 0xA11C...0001 to 0xB0B0...0002",
    );
    assert.equal(historyText(event({ kind: "art-replaced", to: null }), chains), "Art replaced on Local Ethereum by an approved artist submission");
  });
});

describe("a history ahead of its Pix's answer", () => {
  const BOB = "0xB0B0000000000000000000000000000000000002";
  const CUSTODY = "0xC057000000000000000000000000000000000003";
  const at = "2026-11-27T12:00:00.000Z";
  const minted = (to: string, toCustody = false): PixHistoryEvent => ({
    kind: "minted",
    chainId: 31337,
    at,
    txHash: "0x1",
    from: null,
    to,
    fromCustody: false,
    toCustody,
  });
  const moved = (from: string, to: string, fromCustody = false): PixHistoryEvent => ({
    kind: "moved",
    chainId: 31337,
    at,
    txHash: "0x2",
    from,
    to,
    fromCustody,
    toCustody: false,
  });
  const art: PixHistoryEvent = { kind: "art-replaced", chainId: 31337, at, txHash: "0x3", from: null, to: null, fromCustody: false, toCustody: false };
  const wallet = (owner: string) => ({ isMinted: true, mintedOnChain: 31337, ownerType: "wallet" as const, walletOwner: owner });
  const card = { isMinted: true, mintedOnChain: 31337, ownerType: "card" as const, walletOwner: null };

  it("is not when both name the same holder, or the history is empty", () => {
    assert.equal(historyAhead({ isMinted: false, mintedOnChain: null, ownerType: null, walletOwner: null }, []), false);
    assert.equal(historyAhead(wallet(ALICE), [minted(ALICE)]), false);
    assert.equal(historyAhead(wallet(BOB), [minted(ALICE), moved(ALICE, BOB.toLowerCase())]), false);
    assert.equal(historyAhead(wallet(BOB), [minted(ALICE), moved(ALICE, BOB), art]), false, "new art moves nothing");
    assert.equal(historyAhead(card, [minted(CUSTODY, true)]), false);
    assert.equal(historyAhead(wallet(CUSTODY), [minted(CUSTODY, true)]), false, "custody with no card buyer on record");
    assert.equal(historyAhead(wallet(ALICE), [minted(CUSTODY, true), moved(CUSTODY, ALICE, true)]), false);
  });

  it("is when the history has a mint or a move the answer does not", () => {
    assert.equal(historyAhead({ isMinted: false, mintedOnChain: null, ownerType: null, walletOwner: null }, [minted(ALICE)]), true);
    assert.equal(historyAhead(wallet(ALICE), [minted(ALICE), moved(ALICE, BOB)]), true);
    assert.equal(historyAhead(card, [minted(CUSTODY, true), moved(CUSTODY, ALICE, true)]), true, "moved out of custody, still a card Pix");
    assert.equal(historyAhead({ isMinted: false, mintedOnChain: null, ownerType: null, walletOwner: null }, [minted(CUSTODY, true)]), true);
  });
});
