import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { myPixlingsView, type Loading, type MyPixlingsInputs } from "./myPixlingsView.ts";

const idle: Loading<unknown> = { isLoading: false, data: undefined, error: null };
const loading: Loading<unknown> = { isLoading: true, data: undefined, error: null };
const done = (data: unknown): Loading<unknown> => ({ isLoading: false, data, error: null });
const failed = (message: string): Loading<unknown> => ({ isLoading: false, data: undefined, error: new Error(message) });

const USER = { email: "collector@pixlings.test" };
const ADDRESS = "0x00000000000000000000000000000000000000aa";

/** Signed out, the wallet code loaded, no wallet connected. */
const base: MyPixlingsInputs = {
  user: done(null),
  walletLoad: done(true),
  walletStatus: "disconnected",
  walletAddress: undefined,
  walletOwned: idle,
  sessionOwned: idle,
};
const view = (over: Partial<MyPixlingsInputs>) => myPixlingsView({ ...base, ...over });

describe("My Pixlings' view", () => {
  it("offers sign-in or a wallet once it knows there is neither", () => {
    assert.deepEqual(view({}), { kind: "signedOut" });
    assert.deepEqual(view({ user: loading }), { kind: "loading" });
    for (const walletStatus of ["idle", "loading", "reconnecting"] as const) assert.deepEqual(view({ walletStatus }), { kind: "loading" }, walletStatus);
  });

  it("fails instead of spinning when GET /api/chains failed and the wallet fell back to idle", () => {
    const chains = new Error("503: chains");
    assert.deepEqual(view({ walletLoad: { ...idle, error: chains }, walletStatus: "idle" }), { kind: "failed", error: chains });
  });

  it("fails instead of calling the visitor signed out when the user could not be read", () => {
    const user = failed("Failed to fetch");
    assert.deepEqual(view({ user }), { kind: "failed", error: user.error });
    // Even while the wallet would still be settling: the wait would not end in an answer.
    assert.deepEqual(view({ user, walletStatus: "reconnecting" }), { kind: "failed", error: user.error });
  });

  it("fails when the only list asked for failed, signed in or with a wallet", () => {
    const list = failed("500");
    assert.deepEqual(view({ user: done(USER), sessionOwned: list }), { kind: "failed", error: list.error });
    assert.deepEqual(view({ walletStatus: "connected", walletAddress: ADDRESS, walletOwned: list }), { kind: "failed", error: list.error });
  });

  it("fails when both lists failed, and waits while either is still loading with nothing shown", () => {
    const signedInWithWallet = { user: done(USER), walletStatus: "connected" as const, walletAddress: ADDRESS };
    const first = failed("wallet list");
    assert.deepEqual(view({ ...signedInWithWallet, walletOwned: first, sessionOwned: failed("session list") }), { kind: "failed", error: first.error });
    assert.deepEqual(view({ ...signedInWithWallet, walletOwned: first, sessionOwned: loading }), { kind: "loading" });
  });

  it("shows what one source answered, with the other's error beside it", () => {
    const list = failed("wallet list");
    assert.deepEqual(view({ user: done(USER), walletStatus: "connected", walletAddress: ADDRESS, walletOwned: list, sessionOwned: done({}) }), {
      kind: "owned",
      error: list.error,
    });
    // The wallet's list alone, while the user could not be read: shown, and the user's error with it.
    const user = failed("user");
    assert.deepEqual(view({ user, walletStatus: "connected", walletAddress: ADDRESS, walletOwned: done([]) }), { kind: "owned", error: user.error });
    // Signed in, the wallet code failed: the session's Pix, and why the wallet tab cannot connect.
    const chains = failed("chains");
    assert.deepEqual(view({ user: done(USER), walletLoad: chains, walletStatus: "idle", sessionOwned: done({}) }), { kind: "owned", error: chains.error });
  });

  it("ignores a list it did not ask for", () => {
    // Signed in without a wallet: a stale wallet-list error is not this page's.
    assert.deepEqual(view({ user: done(USER), walletOwned: failed("old"), sessionOwned: done({}) }), { kind: "owned", error: null });
    assert.deepEqual(view({ user: done(USER), sessionOwned: loading }), { kind: "loading" });
  });
});
