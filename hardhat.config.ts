import { createRequire } from "node:module";
import hardhatNetworkHelpers from "@nomicfoundation/hardhat-network-helpers";
import hardhatNodeTestRunner from "@nomicfoundation/hardhat-node-test-runner";
import hardhatViem from "@nomicfoundation/hardhat-viem";
import { configVariable, defineConfig } from "hardhat/config";

const require = createRequire(import.meta.url);

/** Hardhat must not download solc (no network here): the npm `solc` package is pinned to this. */
const SOLC_VERSION = "0.8.28";

const localUrl = (variable: string, port: number): string =>
  process.env[variable] ?? `http://127.0.0.1:${process.env[`${variable}_PORT`] ?? port}`;

export default defineConfig({
  plugins: [hardhatViem, hardhatNodeTestRunner, hardhatNetworkHelpers],
  solidity: {
    compilers: [
      {
        version: SOLC_VERSION,
        path: require.resolve("solc/soljson.js"),
        settings: { optimizer: { enabled: true, runs: 10_000 }, evmVersion: "prague" },
      },
    ],
  },
  paths: {
    sources: "contracts",
    tests: { solidity: "contracts/test", nodejs: "contracts/test" },
  },
  test: { solidity: { fuzz: { runs: 256 }, invariant: { runs: 64, depth: 32 } } },
  networks: {
    localEthereum: { type: "http", chainType: "l1", url: localUrl("LOCAL_ETHEREUM_RPC_URL", 8545) },
    localPolygon: { type: "http", chainType: "l1", url: localUrl("LOCAL_POLYGON_RPC_URL", 8546) },
    sepolia: {
      type: "http",
      chainType: "l1",
      url: configVariable("SEPOLIA_RPC_URL"),
      accounts: [configVariable("DEPLOYER_PRIVATE_KEY")],
    },
    amoy: {
      type: "http",
      chainType: "l1",
      url: configVariable("AMOY_RPC_URL"),
      accounts: [configVariable("DEPLOYER_PRIVATE_KEY")],
    },
  },
});
