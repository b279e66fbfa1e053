import assert from "node:assert/strict";
import { test } from "node:test";
import { CHAINS, isChainId } from "./chains.ts";
import { NETWORK_NAMES, NETWORKS, networkOfChain, rpcUrlOf } from "./networks.ts";

test("local networks listen on loopback, on their default or configured port", () => {
  assert.equal(rpcUrlOf("localEthereum", {}), "http://127.0.0.1:8545");
  assert.equal(rpcUrlOf("localPolygon", {}), "http://127.0.0.1:8546");
  assert.equal(rpcUrlOf("localPolygon", { LOCAL_POLYGON_RPC_PORT: "9001" }), "http://127.0.0.1:9001");
  assert.equal(rpcUrlOf("localPolygon", { LOCAL_POLYGON_RPC_PORT: "" }), "http://127.0.0.1:8546");
  assert.throws(() => rpcUrlOf("localEthereum", { LOCAL_ETHEREUM_RPC_PORT: "http://x" }), /LOCAL_ETHEREUM_RPC_PORT/);
});

test("public networks need their RPC URL from env", () => {
  assert.equal(rpcUrlOf("sepolia", {}), undefined);
  assert.equal(rpcUrlOf("amoy", { AMOY_RPC_URL: "https://amoy.example/rpc" }), "https://amoy.example/rpc");
});

test("every network is a known chain, and local chains default to their network's port", () => {
  for (const name of NETWORK_NAMES) {
    const network = NETWORKS[name];
    assert.ok(isChainId(network.chainId), name);
    assert.equal(networkOfChain(network.chainId), name);
  }
  assert.deepEqual(CHAINS[31337].chain.rpcUrls.default.http, ["http://127.0.0.1:8545"]);
  assert.deepEqual(CHAINS[31338].chain.rpcUrls.default.http, ["http://127.0.0.1:8546"]);
});
