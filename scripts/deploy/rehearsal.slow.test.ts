// The whole path to a public network, rehearsed on two local anvil chains started with Sepolia's
// and Amoy's chain ids and reached as the `sepolia` and `amoy` networks, with keys of their own:
// the deploy's preview, an upload killed mid-way and resumed, the operator CLI, then the indexer
// and the API configured from the deployment records (written to a temp dir, never to deployments/).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  hexToBytes,
  http,
  keccak256,
  parseEther,
  toHex,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { canonicalize, decodePiece, type Art } from "@pixlings/shared/art/codec";
import { CHUNK_COUNT } from "@pixlings/shared/art/chunks";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { ChainInfo } from "@pixlings/shared/http/sale";
import type { Stats } from "@pixlings/shared/http/stats";
import { artToPng } from "@pixlings/shared/node/png";
import { authorize } from "@pixlings/test-kit/saleStack";
import { signIn } from "@pixlings/test-kit/signIn";
import { startTestApi, type TestApi } from "@pixlings/test-kit/api";
import { startHoldingRpcProxy } from "@pixlings/test-kit/holdingRpcProxy";
import { freePort } from "../chains/freePort.ts";
import { startLocalChain, type LocalChain } from "../chains/localChain.ts";
import { startPonder, type PonderProcess } from "../indexer/ponderProcess.ts";
import { readDeploymentRecord, readDeploymentRecords } from "./deploymentFile.ts";

const dir = mkdtempSync(path.join(tmpdir(), "pixlings-rehearsal-"));
const deployments = path.join(dir, "deployments");
const key = (label: string): Hex => keccak256(toHex(`pixlings-rehearsal:${label}`));
const KEYS = {
  deployer: key("deployer"),
  signer: key("signer"),
  minter: key("minter"),
  custody: key("custody"),
  newOwner: key("new owner"),
  artAdmin: key("art admin"),
};
const addressOf = (k: Hex): Address => privateKeyToAccount(k).address;
const [DEPLOYER, SIGNER, MINTER, CUSTODY, NEW_OWNER] = [KEYS.deployer, KEYS.signer, KEYS.minter, KEYS.custody, KEYS.newOwner].map(addressOf) as [
  Address,
  Address,
  Address,
  Address,
  Address,
];
const HOLDER = addressOf(key("holder"));
/** The API's art admin: granted the role by the CLI, then signs replace-art (never the owner). */
const ART_ADMIN = addressOf(KEYS.artAdmin);

let sepolia: LocalChain;
let amoy: LocalChain;
let ponder: PonderProcess | undefined;
let api: TestApi | undefined;
/** What the scripts run with: the public networks at the local chains, no dev key, no explorer key, records in the temp dir. */
let env: Record<string, string>;
const client = (chain: LocalChain): PublicClient => createPublicClient({ transport: http(chain.url) });

before(async () => {
  [sepolia, amoy] = await Promise.all([
    startLocalChain({ chainId: 11155111, port: await freePort() }),
    startLocalChain({ chainId: 80002, port: await freePort() }),
  ]);
  for (const chain of [sepolia, amoy]) {
    const testClient = createTestClient({ mode: "anvil", transport: http(chain.url) });
    for (const address of [DEPLOYER, NEW_OWNER, MINTER]) await testClient.setBalance({ address, value: parseEther("1000") });
  }
  // Set, even when empty, so a developer's .env cannot fill them in (empty counts as unset).
  const unset = [
    "OWNER_PRIVATE_KEY",
    "ART_ADMIN_PRIVATE_KEY",
    "PIXLINGS_OWNER",
    "PIXLINGS_ART_ADMIN",
    "PIXLINGS_WITHDRAW_RECIPIENT",
    "PIXLINGS_ROYALTY_RECEIVER",
    "PIXLINGS_ROYALTY_BPS",
    "ETHERSCAN_API_KEY",
    "SIWE_URI",
  ];
  env = {
    ...(process.env as Record<string, string>),
    ...Object.fromEntries(unset.map((name) => [name, ""])),
    SEPOLIA_RPC_URL: sepolia.url,
    AMOY_RPC_URL: amoy.url,
    DEPLOYER_PRIVATE_KEY: KEYS.deployer,
    NEW_OWNER_PRIVATE_KEY: KEYS.newOwner,
    PIXLINGS_SIGNER: SIGNER,
    PIXLINGS_MINTER: MINTER,
    PIXLINGS_CUSTODY: CUSTODY,
    PIXLINGS_DEPLOYMENTS_DIR: deployments,
  };
});

after(async () => {
  await api?.close();
  await ponder?.stop({ releaseLock: false });
  await Promise.all([sepolia?.stop(), amoy?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function start(script: "deploy" | "admin", args: string[], extraEnv: Record<string, string> = {}) {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "..", script, "cli.ts"), ...args], { env: { ...env, ...extraEnv } });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (data: Buffer) => (stdout += data.toString()));
  child.stderr.on("data", (data: Buffer) => (stderr += data.toString()));
  const done = new Promise<Run>((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

const run = (script: "deploy" | "admin", args: string[], extraEnv: Record<string, string> = {}): Promise<Run> => start(script, args, extraEnv).done;

/** Runs the command and asserts its exit code, showing its output when it differs. */
async function expectRun(code: number, script: "deploy" | "admin", args: string[], extraEnv: Record<string, string> = {}): Promise<Run> {
  const result = await run(script, args, extraEnv);
  assert.equal(result.code, code, `${script} ${args.join(" ")}:\n${result.stdout}\n${result.stderr}`);
  return result;
}

const read = (chain: LocalChain, address: Address) => ({
  chunks: async (): Promise<number> =>
    (
      await Promise.all(
        Array.from({ length: CHUNK_COUNT }, (_, i) =>
          client(chain).readContract({ address, abi: pixlingsAbi, functionName: "isChunkWritten", args: [BigInt(i)] }),
        ),
      )
    ).filter(Boolean).length,
  open: (): Promise<boolean> => client(chain).readContract({ address, abi: pixlingsAbi, functionName: "mintingActive" }),
  owner: (): Promise<Address> => client(chain).readContract({ address, abi: pixlingsAbi, functionName: "owner" }),
  art: async (id: number): Promise<Art> =>
    canonicalize(decodePiece(hexToBytes(await client(chain).readContract({ address, abi: pixlingsAbi, functionName: "artOf", args: [BigInt(id)] })))),
});
const recorded = (chainId: number): Address => readDeploymentRecord(chainId, deployments)!.address;
const nonce = (chain: LocalChain): Promise<number> => client(chain).getTransactionCount({ address: DEPLOYER });

test("deploy: the preview sends nothing; an upload killed mid-way resumes without sending a chunk twice; every tokenURI checks; a failed verification leaves the deployment standing", async () => {
  // Amoy deploys at once, with an explorer key but no way out (a dead proxy): the verification
  // runs hardhat-verify, fails, and leaves the deployment standing.
  const deadProxy = `http://127.0.0.1:${await freePort()}`;
  const amoyDeploy = run("deploy", ["--network", "amoy", "--yes"], { ETHERSCAN_API_KEY: "rehearsal-key", HTTPS_PROXY: deadProxy, https_proxy: deadProxy });

  const preview = await expectRun(0, "deploy", ["--network", "sepolia"]);
  assert.match(preview.stdout, /^Deploy to sepolia: Sepolia Testnet \(11155111\), from 0x\w{40} holding 1000 ETH\n/);
  assert.match(preview.stdout, /\n {2}Art upload {4}40 of 40 chunks to write, one transaction each: [\d,]+ gas, about [\d.]+ ETH\n/);
  assert.match(preview.stdout, /\n {2}Total {9}[\d,]+ gas: about [\d.]+ ETH at [\d.]+ gwei, at most [\d.]+ ETH at [\d.]+ gwei\n/);
  assert.match(preview.stdout, /source verification skipped: ETHERSCAN_API_KEY is not set\nNothing sent\. Run the same command with --yes to deploy\.\n$/);
  assert.equal(await nonce(sepolia), 0, "the preview sent nothing");
  assert.equal(existsSync(path.join(deployments, "11155111.json")), false, "and recorded nothing");

  // The deployment and 10 chunks pass; the 11th chunk is held, and the deploy is killed waiting on it.
  const proxy = await startHoldingRpcProxy(sepolia.url, 11);
  const interrupted = start("deploy", ["--network", "sepolia", "--yes"], { SEPOLIA_RPC_URL: proxy.url });
  const early = await Promise.race([proxy.holding.then(() => undefined), interrupted.done]);
  assert.equal(early, undefined, `the deploy ended before the 11th chunk: ${JSON.stringify(early)}`);
  interrupted.child.kill("SIGKILL");
  await interrupted.done;
  await proxy.close();
  const address = recorded(11155111);
  const sepoliaPixlings = read(sepolia, address);
  assert.equal(await sepoliaPixlings.chunks(), 10);
  assert.equal(await sepoliaPixlings.open(), false, "the sale stays closed");
  assert.equal(readDeploymentRecord(11155111, deployments)!.tokenUrisCheckedAt, undefined);

  const again = await expectRun(0, "deploy", ["--network", "sepolia"]);
  assert.match(again.stdout, new RegExp(`Contract {6}reuse ${address} \\(recorded\\): no gas\\n {2}Art upload {4}30 of 40 chunks to write`));
  assert.equal(await nonce(sepolia), 11);

  const resumed = await expectRun(0, "deploy", ["--network", "sepolia", "--yes"]);
  assert.match(resumed.stdout, /Sepolia Testnet \(11155111\) +0x\w{40} +9,999 \/ 9,999 +0 +0\.01 \/ 0\.03 \/ 0\.13 ETH +reused +30 chunks in [\d.]+ s/);
  assert.match(resumed.stderr, /9,999 tokenURIs render \(checked in [\d.]+ s\); sale opened/);
  assert.match(resumed.stdout, /source verification skipped: ETHERSCAN_API_KEY is not set\n$/);
  const writes = await client(sepolia).getContractEvents({ address, abi: pixlingsAbi, eventName: "ArtWritten", fromBlock: 0n });
  assert.equal(writes.length, CHUNK_COUNT);
  assert.equal(new Set(writes.map((log) => log.args.firstId)).size, CHUNK_COUNT, "no chunk was written twice");
  assert.equal(await nonce(sepolia), 1 + CHUNK_COUNT + 1, "deployment, 40 chunks, sale opening: nothing sent twice");
  assert.equal(await sepoliaPixlings.open(), true);
  assert.match(readDeploymentRecord(11155111, deployments)!.tokenUrisCheckedAt!, /^\d{4}-/);

  const amoyRun = await amoyDeploy;
  assert.equal(amoyRun.code, 0, amoyRun.stderr);
  assert.match(amoyRun.stdout, /Polygon Amoy \(80002\) +0x\w{40} +9,999 \/ 9,999 +0 +31 \/ 93 \/ 392 POL +deployed +40 chunks/);
  assert.match(amoyRun.stdout, /\n {2}Verification {2}the source is verified on Etherscan after the deploy \(ETHERSCAN_API_KEY\)\n/);
  assert.match(
    amoyRun.stdout,
    /\nsource verification FAILED \(the deployment itself is fine; run the deploy again to retry\):\n[\s\S]*api\.etherscan\.io[\s\S]*ECONNREFUSED/,
  );
  assert.equal(readDeploymentRecord(80002, deployments)!.sourceVerifiedAt, undefined);
  assert.match(readDeploymentRecord(80002, deployments)!.tokenUrisCheckedAt!, /^\d{4}-/);
});

test("admin: status, pause and unpause, prices, roles, the two-step ownership transfer, art replaced only where unminted", async () => {
  const status = await expectRun(0, "admin", ["status", "--all", "--json"]);
  const chains = JSON.parse(status.stdout) as {
    network: string;
    owner: Address;
    roles: Record<string, Address[]>;
    mintingActive: boolean;
    artChunks: number;
    custody: Address;
  }[];
  assert.deepEqual(
    chains.map((c) => [c.network, c.owner, c.roles, c.mintingActive, c.artChunks, c.custody]),
    ["sepolia", "amoy"].map((network) => [network, DEPLOYER, { signer: [SIGNER], minter: [MINTER], "art-admin": [DEPLOYER] }, true, 40, CUSTODY]),
  );
  const sepoliaPixlings = read(sepolia, recorded(11155111));
  const amoyPixlings = read(amoy, recorded(80002));

  const preview = await expectRun(0, "admin", ["pause", "--network", "sepolia"]);
  assert.match(
    preview.stdout,
    /^sepolia: pause minting\n[\s\S]*\n {2}Gas {8}[\d,]+ \(estimated\)\n {2}Cost {7}about [\d.]+ ETH[\s\S]*Nothing sent\. Run the same command with --yes to send\.\n$/,
  );
  assert.equal(await sepoliaPixlings.open(), true, "the preview sent nothing");
  assert.match((await expectRun(0, "admin", ["pause", "--network", "sepolia", "--yes"])).stdout, /confirmed in block \d+[\s\S]*minting is now paused/);
  assert.equal(await sepoliaPixlings.open(), false);
  assert.match((await expectRun(0, "admin", ["pause", "--network", "sepolia", "--yes"])).stdout, /^sepolia: nothing to send: minting is already paused\.\n$/);
  await expectRun(0, "admin", ["unpause", "--network", "sepolia", "--yes"]);
  assert.equal(await sepoliaPixlings.open(), true);

  await expectRun(0, "admin", ["set-prices", "--network", "amoy", "--artist", "500", "--yes"]);
  const prices = await client(amoy).readContract({ address: recorded(80002), abi: pixlingsAbi, functionName: "tierPrices" });
  assert.deepEqual(prices, [parseEther("31"), parseEther("93"), parseEther("500")]);

  const rolesOf = (who: Address, chain = sepolia, chainId = 11155111): Promise<bigint> =>
    client(chain).readContract({ address: recorded(chainId), abi: pixlingsAbi, functionName: "rolesOf", args: [who] });
  await expectRun(0, "admin", ["grant-role", "--all", "--role", "art-admin", "--address", ART_ADMIN, "--yes"]);
  assert.deepEqual([await rolesOf(ART_ADMIN), await rolesOf(ART_ADMIN, amoy, 80002)], [4n, 4n]);
  await expectRun(0, "admin", ["grant-role", "--network", "sepolia", "--role", "minter", "--address", HOLDER, "--yes"]);
  assert.equal(await rolesOf(HOLDER), 2n);
  await expectRun(0, "admin", ["revoke-role", "--network", "sepolia", "--role", "minter", "--address", HOLDER, "--yes"]);
  assert.equal(await rolesOf(HOLDER), 0n);

  await expectRun(0, "admin", ["transfer-ownership", "--network", "sepolia", "--to", NEW_OWNER, "--yes"]);
  const wrongKey = await expectRun(1, "admin", ["accept-ownership", "--network", "sepolia", "--yes", "--key-env", "DEPLOYER_PRIVATE_KEY"]);
  assert.match(wrongKey.stderr, new RegExp(`^sepolia: ${DEPLOYER} is not the pending owner \\(${NEW_OWNER}\\); use the new owner's key\\.\\n$`));
  assert.equal(await sepoliaPixlings.owner(), DEPLOYER);
  assert.match((await expectRun(0, "admin", ["accept-ownership", "--network", "sepolia", "--yes"])).stdout, new RegExp(`the owner is now ${NEW_OWNER}`));
  const oldOwner = await expectRun(1, "admin", ["pause", "--network", "sepolia"]);
  assert.match(oldOwner.stderr, new RegExp(`^sepolia: ${DEPLOYER} is not the owner \\(the owner is ${NEW_OWNER}\\); use the owner's key\\.\\n$`));

  // Pix #7 is minted on Sepolia only: replacing its art on every chain is refused before anything is sent.
  const minter = createWalletClient({ account: privateKeyToAccount(KEYS.minter), transport: http(sepolia.url) });
  const hash = await minter.writeContract({ chain: null, address: recorded(11155111), abi: pixlingsAbi, functionName: "mintToCustody", args: [CUSTODY, [7n]] });
  assert.equal((await client(sepolia).waitForTransactionReceipt({ hash })).status, "success");
  const piece: Art = { palette: [0x112233, 0xffeedd, 0x00ff00], pixels: Uint8Array.from({ length: 81 }, (_, cell) => (cell * 7) % 3) };
  const file = path.join(dir, "piece.png");
  writeFileSync(file, artToPng(piece));
  const amoyBefore = await amoyPixlings.art(7);
  const minted = await expectRun(1, "admin", ["replace-art", "--all", "--token", "7", "--file", file, "--yes"]);
  assert.equal(minted.stderr, `sepolia: Pix #7 is minted (owner ${CUSTODY}): its art is frozen.\n`);
  assert.deepEqual(await amoyPixlings.art(7), amoyBefore, "nothing was sent to Amoy either");

  const artAdminEnv = { ART_ADMIN_PRIVATE_KEY: KEYS.artAdmin };
  const unfunded = await expectRun(1, "admin", ["replace-art", "--all", "--token", "5", "--file", file, "--yes"], artAdminEnv);
  assert.match(unfunded.stderr, new RegExp(`^sepolia: ${ART_ADMIN} holds 0 ETH, less than the [\\d.]+ ETH this call may cost; fund it first\\.\\n$`));
  for (const chain of [sepolia, amoy])
    await createTestClient({ mode: "anvil", transport: http(chain.url) }).setBalance({ address: ART_ADMIN, value: parseEther("1") });
  const replaced = await expectRun(0, "admin", ["replace-art", "--all", "--token", "5", "--file", file, "--yes"], artAdminEnv);
  assert.match(replaced.stdout, new RegExp(`From {7}${ART_ADMIN} \\(key from ART_ADMIN_PRIVATE_KEY\\)`));
  // Both chains are sent to before either is awaited: their confirmations come in either order.
  for (const name of ["sepolia", "amoy"]) assert.match(replaced.stdout, new RegExp(`^${name}: Pix #5 now shows 3 colours`, "m"));
  for (const pixlings of [sepoliaPixlings, amoyPixlings]) assert.deepEqual(await pixlings.art(5), canonicalize(piece));

  // Amoy's RPC goes away as Pix #6's art is sent there, after Sepolia's: the run says which chain is
  // done, and the same command finishes the other, showing first how the chains differ.
  const proxy = await startHoldingRpcProxy(amoy.url, 0);
  const cut = start("admin", ["replace-art", "--all", "--token", "6", "--file", file, "--yes"], { ...artAdminEnv, AMOY_RPC_URL: proxy.url });
  const early = await Promise.race([proxy.holding.then(() => undefined), cut.done]);
  assert.equal(early, undefined, `replace-art ended before sending on Amoy: ${JSON.stringify(early)}`);
  await proxy.close();
  const half = await cut.done;
  assert.equal(half.code, 1, half.stdout);
  assert.match(
    half.stderr,
    /^amoy: cannot reach the RPC at http:\/\/127\.0\.0\.1:\d+ \([^\n]+\)\.\nConfirmed on sepolia; NOT on amoy\. The chains differ now: run the same command again to finish \(a chain already done sends nothing\)\.\n$/,
  );
  assert.deepEqual(await sepoliaPixlings.art(6), canonicalize(piece));
  assert.notDeepEqual(await amoyPixlings.art(6), canonicalize(piece));
  const finished = await expectRun(0, "admin", ["replace-art", "--all", "--token", "6", "--file", file, "--yes"], artAdminEnv);
  assert.match(finished.stdout, /^sepolia: nothing to send: Pix #6 already shows this art\.\n/);
  assert.match(
    finished.stdout,
    /\n {2}sepolia {2}now 3 colours, symmetry \w+: already this art\n {2}amoy {5}now \d+ colours?, symmetry \w+: \d+ of 81 cells change\nThe chains show different art for Pix #6 now\.\n/,
  );
  assert.match(finished.stdout, /\namoy: Pix #6 now shows 3 colours/);
  for (const pixlings of [sepoliaPixlings, amoyPixlings]) assert.deepEqual(await pixlings.art(6), canonicalize(piece));
});

test("the indexer and the API configured from the recorded deployments answer for both chains", async () => {
  // Sepolia counts 65 blocks to finality in Ponder, Amoy 30: make this run's blocks final, so they backfill at once.
  for (const chain of [sepolia, amoy]) await createTestClient({ mode: "anvil", transport: http(chain.url) }).mine({ blocks: 70 });
  const urlOf: Record<number, string> = { 11155111: sepolia.url, 80002: amoy.url };
  const records = readDeploymentRecords(deployments);
  const chainsJson = JSON.stringify(records.map((r) => ({ chainId: r.chainId, rpcUrl: urlOf[r.chainId], address: r.address, startBlock: r.blockNumber })));
  ponder = startPonder({
    port: await freePort(),
    schema: "rehearsal",
    env: {
      PIXLINGS_INDEXER_CHAINS: chainsJson,
      PIXLINGS_INDEXER_PGLITE_DIR: path.join(dir, "pglite"),
      PIXLINGS_INDEXER_POLLING_MS: "100",
      DATABASE_URL: undefined,
    },
  });
  await ponder.waitSynced(90_000).catch((error: unknown) => assert.fail(`${error}\n${ponder?.output()}`));
  api = await startTestApi(
    {
      INDEXER_URL: ponder.url,
      PIXLINGS_INDEXER_CHAINS: chainsJson,
      SEPOLIA_RPC_URL: sepolia.url,
      AMOY_RPC_URL: amoy.url,
      // Sepolia and Amoy on sale: the API's production rules apply.
      MINT_SIGNER_PRIVATE_KEY: KEYS.signer,
      // The API's own art admin key (issue 12's approvals), granted above; read once the API knows it.
      ART_ADMIN_PRIVATE_KEY: KEYS.artAdmin,
      SESSION_SECRET: "r".repeat(32),
      SIWE_DOMAIN: "pixlings.example",
      SIWE_URI: "https://pixlings.example",
      OIDC_ISSUER: "https://accounts.example",
      OIDC_CLIENT_ID: "rehearsal",
      OIDC_CLIENT_SECRET: "rehearsal-secret",
      API_TRUST_PROXY: "loopback",
      // Production rules: the terms must name who runs the shop and where buyers write.
      SHOP_OPERATOR_NAME: "Pixlings Rehearsal Ltd",
      SHOP_SUPPORT_EMAIL: "support@pixlings.example",
    },
    { checkSignerRole: true },
  );
  const chains = (await (await fetch(`${api.url}/api/chains`)).json()) as ChainInfo[];
  assert.deepEqual(
    chains.map((c) => [c.chainId, c.contract, c.coin, c.primary]),
    [
      [11155111, recorded(11155111), "ETH", true],
      [80002, recorded(80002), "POL", false],
    ],
  );
  const stats = (await (await fetch(`${api.url}/api/stats`)).json()) as Stats;
  assert.deepEqual(stats, { ...stats, total: 9999, minted: 1, owners: 1 });

  // replace-art asks this storefront: refused for a Pix a buyer holds a voucher for, and for art
  // whose colours or symmetry the catalogue would keep stale; art with the catalogue's traits passes.
  const buyerAccount = privateKeyToAccount(key("buyer"));
  await createTestClient({ mode: "anvil", transport: http(sepolia.url) }).setBalance({ address: buyerAccount.address, value: parseEther("1") });
  const buyer = await signIn(api, buyerAccount, 11155111);
  const voucher = await authorize(buyer, [8], 11155111);
  assert.equal(voucher.status, 200, await voucher.clone().text());
  const storefront = ["--all", "--site", api.url];
  const artAdminEnv = { ART_ADMIN_PRIVATE_KEY: KEYS.artAdmin };
  const solid = path.join(dir, "solid.png");
  writeFileSync(solid, artToPng({ palette: [0x336699], pixels: new Uint8Array(81) }));
  const held = await expectRun(1, "admin", ["replace-art", "--token", "8", "--file", solid, ...storefront], artAdminEnv);
  assert.match(held.stderr, /^The storefront \(http:\/\/127\.0\.0\.1:\d+\) holds Pix #8 for a buyer until \S+ \(a wallet's mint voucher\)/);
  const catalogued = await read(sepolia, recorded(11155111)).art(9);
  assert.ok(catalogued.palette.length > 1);
  const stale = await expectRun(1, "admin", ["replace-art", "--token", "9", "--file", solid, ...storefront], artAdminEnv);
  assert.match(
    stale.stderr,
    new RegExp(`^The storefront \\(.*\\) lists Pix #9 with ${catalogued.palette.length} colours, symmetry \\w+; the new art has 1, symmetry both,\\n`),
  );
  // The same picture in other colours: the catalogue's traits still hold.
  const recoloured = path.join(dir, "recoloured.png");
  writeFileSync(recoloured, artToPng({ palette: catalogued.palette.map((rgb) => rgb ^ 0x010101), pixels: catalogued.pixels }));
  const passes = await expectRun(0, "admin", ["replace-art", "--token", "9", "--file", recoloured, ...storefront], artAdminEnv);
  assert.match(passes.stdout, /\nThe storefront \(http:\/\/127\.0\.0\.1:\d+\) holds nothing on Pix #9 and lists the same colours and symmetry/);
});
