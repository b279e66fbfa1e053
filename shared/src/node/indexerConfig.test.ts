import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { databaseConfig, DEFAULT_PGLITE_DIR, indexedChains, LOCAL_RPC_FANOUT } from "./indexerConfig.ts";
import { REPO_ROOT } from "./paths.ts";

const ADDRESS = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

test("PIXLINGS_INDEXER_CHAINS picks the chains, their RPC URLs, addresses and start blocks", () => {
  const { chains, skipped } = indexedChains({
    PIXLINGS_INDEXER_CHAINS: JSON.stringify([
      { chainId: 31337, rpcUrl: "http://127.0.0.1:9001", address: ADDRESS.toLowerCase(), startBlock: 5 },
      { chainId: 31338, address: ADDRESS },
    ]),
    LOCAL_POLYGON_RPC_PORT: "9002",
  });
  assert.deepEqual(skipped, []);
  assert.deepEqual(
    chains.map(({ rpc, ...c }) => ({ ...c, rpcCount: rpc.length })),
    [
      {
        name: "localEthereum",
        chainId: 31337,
        rpcUrl: "http://127.0.0.1:9001",
        address: ADDRESS,
        startBlock: 5,
        pollingInterval: 500,
        ws: "ws://127.0.0.1:9001",
        rpcCount: LOCAL_RPC_FANOUT,
      },
      {
        name: "localPolygon",
        chainId: 31338,
        rpcUrl: "http://127.0.0.1:9002",
        address: ADDRESS,
        startBlock: 0,
        pollingInterval: 500,
        ws: "ws://127.0.0.1:9002",
        rpcCount: LOCAL_RPC_FANOUT,
      },
    ],
  );
});

test("public chains are indexed with their RPC URL, one connection, 1 s polling, no WebSocket", () => {
  const { chains } = indexedChains({
    PIXLINGS_INDEXER_CHAINS: JSON.stringify([{ chainId: 11155111, address: ADDRESS, startBlock: 100 }]),
    SEPOLIA_RPC_URL: "https://sepolia.example/rpc",
  });
  assert.deepEqual(chains, [
    {
      name: "sepolia",
      chainId: 11155111,
      rpcUrl: "https://sepolia.example/rpc",
      rpc: ["https://sepolia.example/rpc"],
      address: ADDRESS,
      startBlock: 100,
      pollingInterval: 1000,
    },
  ]);
});

test("bad chain lists are refused with a message", () => {
  assert.throws(() => indexedChains({ PIXLINGS_INDEXER_CHAINS: "[" }), /not JSON/);
  assert.throws(() => indexedChains({ PIXLINGS_INDEXER_CHAINS: "[]" }), /non-empty JSON array/);
  assert.throws(() => indexedChains({ PIXLINGS_INDEXER_CHAINS: '[{"chainId":"x"}]' }), /chainId must be an integer/);
  assert.throws(() => indexedChains({ PIXLINGS_INDEXER_CHAINS: '[{"chainId":31337,"address":"0x12"}]' }), /address must be a 0x address/);
  assert.throws(() => indexedChains({ PIXLINGS_INDEXER_CHAINS: '[{"chainId":5}]' }), /Chain 5 is not supported/);
  // Sepolia without an RPC URL; mainnet without a deployment.
  assert.throws(() => indexedChains({ PIXLINGS_INDEXER_CHAINS: `[{"chainId":11155111,"address":"${ADDRESS}"}]` }), /no RPC URL/);
  assert.throws(() => indexedChains({ PIXLINGS_INDEXER_CHAINS: '[{"chainId":1,"rpcUrl":"https://mainnet.example"}]' }), /no recorded deployment/);
  assert.throws(
    () => indexedChains({ PIXLINGS_INDEXER_CHAINS: `[{"chainId":31337,"address":"${ADDRESS}"}]`, PIXLINGS_INDEXER_POLLING_MS: "50" }),
    /POLLING_MS/,
  );
});

test("PGlite under .pixlings/indexer by default, Postgres when DATABASE_URL is set", () => {
  assert.deepEqual(databaseConfig({}), { kind: "pglite", directory: DEFAULT_PGLITE_DIR });
  assert.equal(DEFAULT_PGLITE_DIR, path.join(REPO_ROOT, ".pixlings", "indexer", "pglite"));
  assert.deepEqual(databaseConfig({ PIXLINGS_INDEXER_PGLITE_DIR: "tmp/x" }), { kind: "pglite", directory: path.join(REPO_ROOT, "tmp", "x") });
  assert.deepEqual(databaseConfig({ DATABASE_URL: "postgres://u@127.0.0.1:5433/db" }), {
    kind: "postgres",
    connectionString: "postgres://u@127.0.0.1:5433/db",
  });
});
