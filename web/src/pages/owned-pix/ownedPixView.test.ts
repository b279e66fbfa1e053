import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ApiError } from "../../api/apiClient.ts";
import { ownedPixView, type OwnedPixInputs } from "./ownedPixView.ts";

const idle = { isLoading: false, data: undefined, error: null };
const loading = { isLoading: true, data: undefined, error: null };
const done = (data: unknown) => ({ isLoading: false, data, error: null });
const failed = (error: Error) => ({ isLoading: false, data: undefined, error });

/** Signed in, the wallet code loaded, the Pix answered. */
const base: OwnedPixInputs = {
  tokenId: 7,
  user: done({ email: "collector@pixlings.test" }),
  walletLoad: done(true),
  walletStatus: "disconnected",
  walletAddress: undefined,
  pix: done({ tokenId: 7 }),
};
const view = (over: Partial<OwnedPixInputs>) => ownedPixView({ ...base, ...over });
const signedOut = { user: done(null) };

describe("/owned-pix view", () => {
  it("shows the Pix, or waits for it", () => {
    assert.deepEqual(view({}), { kind: "pix" });
    assert.deepEqual(view({ pix: loading }), { kind: "loading" });
    assert.deepEqual(view({ ...signedOut, walletStatus: "connected", walletAddress: "0xabc", pix: done({}) }), { kind: "pix" });
  });

  it("is not found for a bad id, the API's 404 or 401, or surely no session and no wallet", () => {
    assert.deepEqual(view({ tokenId: undefined }), { kind: "notFound" });
    assert.deepEqual(view({ pix: failed(new ApiError(404, "Not Found", "{}")) }), { kind: "notFound" });
    assert.deepEqual(view({ pix: failed(new ApiError(401, "Unauthorized", "{}")) }), { kind: "notFound" });
    assert.deepEqual(view(signedOut), { kind: "notFound" });
  });

  it("waits while it cannot yet tell whether there is a session or a wallet", () => {
    assert.deepEqual(view({ user: loading, pix: idle }), { kind: "loading" });
    for (const walletStatus of ["idle", "loading", "reconnecting"] as const)
      assert.deepEqual(view({ ...signedOut, walletStatus, pix: idle }), { kind: "loading" });
  });

  it("fails, never spins, when the user, the wallet's chains or the Pix could not be loaded", () => {
    const offline = new TypeError("Failed to fetch");
    assert.deepEqual(view({ user: failed(offline), pix: idle }), { kind: "failed", error: offline });
    const chains = new ApiError(503, "Service Unavailable", JSON.stringify({ message: "No chains" }));
    assert.deepEqual(view({ ...signedOut, walletLoad: failed(chains), walletStatus: "idle", pix: idle }), { kind: "failed", error: chains });
    const server = new ApiError(500, "Internal Server Error", "");
    assert.deepEqual(view({ pix: failed(server) }), { kind: "failed", error: server });
  });
});
