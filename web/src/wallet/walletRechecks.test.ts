import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it, mock } from "node:test";
import { startRechecks, WALLET_RECHECK_MS } from "./walletRechecks.ts";

describe("the wallet's re-checks (spec timings)", () => {
  beforeEach(() => mock.timers.enable({ apis: ["setTimeout", "setInterval"] }));
  afterEach(() => mock.timers.reset());

  const start = (mobile: boolean, found = () => false) => {
    const calls = { recheck: 0, detect: 0 };
    const focus = new EventTarget();
    const rechecks = startRechecks({ recheck: () => calls.recheck++, detect: () => calls.detect++, mobile, hasWallets: found, focusTarget: focus });
    return { calls, focus, rechecks };
  };

  it("re-reads the connected wallet every 2 s", () => {
    const { calls, rechecks } = start(false);
    mock.timers.tick(1_999);
    assert.equal(calls.recheck, 0);
    mock.timers.tick(1);
    assert.equal(calls.recheck, 1);
    mock.timers.tick(4_000);
    assert.equal(calls.recheck, 3);
    rechecks.stop();
  });

  it("once 500 ms after connecting and once 100 ms after a page load reconnected, not before", () => {
    const { calls, rechecks } = start(false);
    rechecks.afterConnect();
    mock.timers.tick(499);
    assert.equal(calls.recheck, 0);
    mock.timers.tick(1);
    assert.equal(calls.recheck, 1);
    rechecks.afterRefresh();
    mock.timers.tick(99);
    assert.equal(calls.recheck, 1);
    mock.timers.tick(1);
    assert.equal(calls.recheck, 2);
    assert.equal(WALLET_RECHECK_MS.afterConnect + WALLET_RECHECK_MS.afterRefresh, 600);
    rechecks.stop();
  });

  it("on a phone looks for a wallet every 3 s while none is found, and 1 s after the page regains focus", () => {
    let found = false;
    const { calls, focus, rechecks } = start(true, () => found);
    mock.timers.tick(2_999);
    assert.equal(calls.detect, 0);
    mock.timers.tick(1);
    assert.equal(calls.detect, 1);
    focus.dispatchEvent(new Event("focus"));
    mock.timers.tick(999);
    assert.equal(calls.detect, 1);
    mock.timers.tick(1);
    assert.equal(calls.detect, 2);
    found = true;
    mock.timers.tick(6_000);
    assert.equal(calls.detect, 2, "no look-again poll once a wallet is found");
    rechecks.stop();
    focus.dispatchEvent(new Event("focus"));
    mock.timers.tick(5_000);
    assert.equal(calls.detect, 2, "nothing after stop");
  });

  it("on a computer never polls for wallets nor listens to focus", () => {
    const { calls, focus, rechecks } = start(false);
    focus.dispatchEvent(new Event("focus"));
    mock.timers.tick(10_000);
    assert.equal(calls.detect, 0);
    rechecks.stop();
  });
});
