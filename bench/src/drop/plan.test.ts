import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AMOY_ID, planDrop, SEPOLIA_ID, type DropBuyer } from "./plan.ts";

const options = { buyers: 1000, windowMs: 60_000, hotIds: 50, hotRushMs: 5_000, seed: 22 };
const count = (plan: DropBuyer[], p: (b: DropBuyer) => boolean): number => plan.filter(p).length;

describe("the drop's plan of buyers", () => {
  const plan = planDrop(options);

  it("splits 70 % crypto, 30 % card, a fifth hot", () => {
    assert.equal(plan.length, 1000);
    assert.equal(
      count(plan, (b) => b.kind === "card"),
      300,
    );
    assert.equal(
      count(plan, (b) => b.kind === "crypto"),
      700,
    );
    assert.equal(
      count(plan, (b) => b.hot),
      200,
    );
    assert.ok(count(plan, (b) => b.hot && b.kind === "card") > 0, "hot buyers pay both ways");
    assert.ok(count(plan, (b) => b.hot && b.kind === "crypto") > 0);
  });

  it("sends the hot buyers after the same 50 ids, four to an id, and every other buyer after an id of its own", () => {
    const hot = plan.filter((b) => b.hot);
    const perHotId = new Map<number, number>();
    for (const b of hot) perHotId.set(b.tokenId, (perHotId.get(b.tokenId) ?? 0) + 1);
    assert.deepEqual(
      [...perHotId.keys()].sort((a, b) => a - b),
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    assert.ok([...perHotId.values()].every((n) => n === 4));
    const calmIds = plan.filter((b) => !b.hot).map((b) => b.tokenId);
    assert.equal(new Set(calmIds).size, 800);
    assert.ok(calmIds.every((id) => id > 50));
  });

  it("makes some abandon (not the hot), and a fifth of the paying card buyers decline first", () => {
    assert.equal(
      count(plan, (b) => b.abandons),
      80,
    );
    assert.equal(
      count(plan, (b) => b.abandons && b.hot),
      0,
    );
    const payingCard = count(plan, (b) => b.kind === "card" && !b.abandons);
    assert.equal(
      count(plan, (b) => b.declinedFirst),
      Math.round(payingCard * 0.2),
    );
    assert.equal(
      count(plan, (b) => b.declinedFirst && (b.kind !== "card" || b.abandons)),
      0,
    );
  });

  it("gives every buyer its own client address, alternates web processes and the crypto buyers' chains", () => {
    assert.equal(new Set(plan.map((b) => b.clientIp)).size, 1000);
    assert.ok(plan.every((b) => /^10\.\d+\.\d+\.\d+$/.test(b.clientIp)));
    assert.ok(plan.every((b) => b.web === b.index % 2));
    const crypto = plan.filter((b) => b.kind === "crypto");
    assert.equal(
      count(crypto, (b) => b.chainId === SEPOLIA_ID),
      350,
    );
    assert.equal(
      count(crypto, (b) => b.chainId === AMOY_ID),
      350,
    );
    assert.ok(plan.every((b) => b.kind === "crypto" || b.chainId === SEPOLIA_ID));
  });

  it("spreads arrivals over the window, the hot buyers over the first rush", () => {
    const calm = plan.filter((b) => !b.hot).map((b) => b.arriveAtMs);
    assert.ok(calm.every((t) => t >= 0 && t < 60_000));
    for (let second = 0; second < 60; second += 10) {
      const inTen = calm.filter((t) => t >= second * 1000 && t < (second + 10) * 1000).length;
      assert.ok(inTen >= 130 && inTen <= 137, `${inTen} arrivals in [${second}, ${second + 10}) s`);
    }
    assert.ok(plan.filter((b) => b.hot).every((b) => b.arriveAtMs >= 0 && b.arriveAtMs < 5_000));
  });

  it("is the same plan for the same seed, another for another, and scales down", () => {
    assert.deepEqual(planDrop(options), plan);
    assert.notDeepEqual(planDrop({ ...options, seed: 23 }), plan);
    const small = planDrop({ ...options, buyers: 300 });
    assert.equal(
      count(small, (b) => b.kind === "card"),
      90,
    );
    assert.equal(
      count(small, (b) => b.hot),
      60,
    );
    assert.throws(() => planDrop({ ...options, buyers: 0 }), /positive integer/);
  });
});
