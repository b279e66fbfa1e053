import { createRequire } from "node:module";
import hardhatNetworkHelpers from "@nomicfoundation/hardhat-network-helpers";
import hardhatNodeTestRunner from "@nomicfoundation/hardhat-node-test-runner";
import hardhatVerify from "@nomicfoundation/hardhat-verify";
import hardhatViem from "@nomicfoundation/hardhat-viem";
import { configVariable, defineConfig } from "hardhat/config";
import { localPortOf, localRpcUrl, NETWORKS } from "@pixlings/shared/networks";

const require = createRequire(import.meta.url);

/** Hardhat must not download solc (no network here): the npm `solc` package is pinned to this. */
const SOLC_VERSION = "0.8.28";

/** Local chains' URLs and the public RPC env names come from the one network table. */
const localUrl = (network: (typeof NETWORKS)["localEthereum" | "localPolygon"]): string => localRpcUrl(localPortOf(network, process.env));

export default defineConfig({
  plugins: [hardhatViem, hardhatNodeTestRunner, hardhatNetworkHelpers, hardhatVerify],
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
  // `npm run deploy` verifies the source after a public deploy when ETHERSCAN_API_KEY is set (one
  // key for Sepolia and Amoy: Etherscan's v2 API); only then is the variable read.
  verify: { etherscan: { apiKey: configVariable("ETHERSCAN_API_KEY") } },
  networks: {
    localEthereum: { type: "http", chainType: "l1", url: localUrl(NETWORKS.localEthereum) },
    localPolygon: { type: "http", chainType: "l1", url: localUrl(NETWORKS.localPolygon) },
    sepolia: {
      type: "http",
      chainType: "l1",
      url: configVariable(NETWORKS.sepolia.rpcUrlEnv),
      accounts: [configVariable("DEPLOYER_PRIVATE_KEY")],
    },
    amoy: {
      type: "http",
      chainType: "l1",
      url: configVariable(NETWORKS.amoy.rpcUrlEnv),
      accounts: [configVariable("DEPLOYER_PRIVATE_KEY")],
    },
  },
});
