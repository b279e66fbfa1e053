import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { bytesToHex, parseAbi, type Abi, type Address, type Hash, type Hex, type LocalAccount } from "viem";
import { REPO_ROOT } from "@pixlings/scripts/paths";
import { deployPixlings, defaultSetup, type PixlingsSetup } from "@pixlings/scripts/deploy/pixlings";
import { uploadArt, type ArtChunk } from "@pixlings/scripts/deploy/uploadArt";
import { BENCH_CHAIN_ID, type BenchClients } from "./clients.ts";

type TargetKey = "pixlings" | "baseline_oz" | "baseline_solady";

export interface Target {
  key: TargetKey;
  label: string;
  address: Address;
  /** EIP-712 domain name of its vouchers (version "1"). */
  domainName: string;
  artUploadGas: bigint;
  /** The art upload transactions. */
  artTxs: Hash[];
}

/** The calls all three contracts share, with the same signatures. */
export const benchAbi = parseAbi([
  "function mint(uint256[] ids, uint256 deadline, bytes signature) payable",
  "function transferFrom(address from, address to, uint256 id)",
  "function tokenURI(uint256 id) view returns (string)",
  "function writeArtChunk(uint256 chunk, bytes tiers, bytes art)",
  "function totalSupply() view returns (uint256)",
  "function ownerOf(uint256 id) view returns (address)",
]);

const BASELINES = {
  baseline_oz: { contract: "BaselineOZ", label: "OpenZeppelin 5", domainName: "Baseline OZ" },
  baseline_solady: { contract: "BaselineSolady", label: "Solady", domainName: "Baseline Solady" },
} as const;

function readArtifact(contract: string): { abi: Abi; bytecode: Hex } {
  const file = path.join(REPO_ROOT, "artifacts", "contracts", "baselines", `${contract}.sol`, `${contract}.json`);
  if (!existsSync(file)) throw new Error(`No ${path.relative(REPO_ROOT, file)}: run \`npm run setup\` (it builds the contracts).`);
  const artifact = JSON.parse(readFileSync(file, "utf8")) as { abi: Abi; bytecode: Hex };
  return { abi: artifact.abi, bytecode: artifact.bytecode };
}

export function pixlingsSetup(deployer: Address, custody: Address): PixlingsSetup {
  return defaultSetup(BENCH_CHAIN_ID, deployer, {
    owner: deployer,
    signer: deployer,
    minter: deployer,
    artAdmin: deployer,
    custody,
    mintingActive: true,
  });
}

export async function deployPixlingsTarget(clients: BenchClients, deployer: LocalAccount, setup: PixlingsSetup, chunks: ArtChunk[]): Promise<Target> {
  const walletClient = clients.wallet(deployer);
  const { address, blockNumber } = await deployPixlings({ walletClient, publicClient: clients.publicClient, setup });
  const result = await uploadArt({ walletClient, publicClient: clients.publicClient, address, chunks });
  if (result.written !== chunks.length) throw new Error(`Pixlings art: wrote ${result.written} of ${chunks.length} chunks`);
  const artTxs = await transactionsTo(clients, address, blockNumber + 1n);
  return { key: "pixlings", label: "Pixlings", address, domainName: "Pixlings", artUploadGas: result.gasUsed, artTxs };
}

/** Hashes of the transactions to `address` mined from block `from` on (uploadArt returns none). */
async function transactionsTo(clients: BenchClients, address: Address, from: bigint): Promise<Hash[]> {
  const latest = await clients.publicClient.getBlockNumber();
  const hashes: Hash[] = [];
  for (let blockNumber = from; blockNumber <= latest; blockNumber++) {
    const block = await clients.publicClient.getBlock({ blockNumber, includeTransactions: true });
    for (const tx of block.transactions) if (tx.to?.toLowerCase() === address.toLowerCase()) hashes.push(tx.hash);
  }
  return hashes;
}

/** Deploys a baseline (signer = `deployer`) and writes the plain chunks (see plainArt.ts). */
export async function deployBaselineTarget(
  clients: BenchClients,
  key: keyof typeof BASELINES,
  deployer: LocalAccount,
  prices: readonly [bigint, bigint, bigint],
  plainChunks: readonly ArtChunk[],
): Promise<Target> {
  const { contract, label, domainName } = BASELINES[key];
  const { abi, bytecode } = readArtifact(contract);
  const walletClient = clients.wallet(deployer);
  const hash = await walletClient.deployContract({ abi, bytecode, args: [deployer.address, [...prices]] });
  const receipt = await clients.publicClient.waitForTransactionReceipt({ hash });
  const address = receipt.contractAddress;
  if (receipt.status !== "success" || !address) throw new Error(`deploying ${contract} failed (${hash})`);
  let artUploadGas = 0n;
  const artTxs: Hash[] = [];
  for (const chunk of plainChunks) {
    const args = [BigInt(chunk.chunkIndex), bytesToHex(chunk.tiers), bytesToHex(chunk.blob)] as const;
    const tx = await walletClient.writeContract({ address, abi: benchAbi, functionName: "writeArtChunk", args });
    const written = await clients.publicClient.waitForTransactionReceipt({ hash: tx });
    if (written.status !== "success") throw new Error(`${contract}.writeArtChunk(${chunk.chunkIndex}) reverted (${tx})`);
    artUploadGas += written.gasUsed;
    artTxs.push(tx);
  }
  return { key, label, address, domainName, artUploadGas, artTxs };
}
