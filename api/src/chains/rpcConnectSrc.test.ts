import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { rpcConnectSrc } from "./rpcConnectSrc.ts";

describe("connect-src for the chains' public RPCs", () => {
  it("adds each public RPC's origin (no path, no query: no key leaks into the header) to the page's own", () => {
    assert.deepEqual(rpcConnectSrc({}, [{ publicRpcUrl: "https://rpc.sepolia.example/v1?x=1" }, { publicRpcUrl: "http://127.0.0.1:8546/" }]), {
      connectSrc: ["'self'", "https://rpc.sepolia.example", "http://127.0.0.1:8546"],
    });
  });

  it("keeps what the card and merch already allow, each origin once", () => {
    assert.deepEqual(
      rpcConnectSrc({ connectSrc: ["'self'", "http://127.0.0.1:12111"] }, [
        { publicRpcUrl: "http://127.0.0.1:12111/rpc" },
        { publicRpcUrl: "https://rpc.amoy.example/" },
      ]),
      { connectSrc: ["'self'", "http://127.0.0.1:12111", "https://rpc.amoy.example"] },
    );
  });

  it("opens nothing without chains on sale", () => {
    assert.deepEqual(rpcConnectSrc({ connectSrc: ["'self'"] }, []), {});
  });
});
