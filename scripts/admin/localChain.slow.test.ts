// The operator CLI on a local chain (31337), as `npm start`'s: the dev accounts sign whatever the
// environment says, transactions go batched, and the deployment is read from its record.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { hexToBytes, keccak256, toHex, type Address } from "viem";
import { canonicalize, decodePiece } from "@pixlings/shared/art/codec";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { deployPixlings, defaultSetup, setupHash } from "../deploy/pixlings.ts";
import { recordDeployment } from "../deploy/record.ts";
import { DEV_ADDRESSES } from "../deploy/roles.ts";
import { uploadArt } from "../deploy/uploadArt.ts";
import { fixtureChunk } from "@pixlings/test-kit/artFixtures";
import { startOwnerChain, type OwnerChain } from "@pixlings/test-kit/ownerChain";

const dir = mkdtempSync(path.join(tmpdir(), "pixlings-admin-local-test-"));
let chain: OwnerChain;
let address: Address;
let env: Record<string, string>;

before(async () => {
  chain = await startOwnerChain(31337);
  const { clients } = chain;
  const setup = defaultSetup(31337, clients.walletClient.account.address);
  const deployed = await deployPixlings({ ...clients, setup });
  address = deployed.address;
  await uploadArt({ ...clients, address, chunks: [fixtureChunk(0)] });
  recordDeployment({ chainId: 31337, ...deployed, setupHash: setupHash(setup) }, { deploymentsDir: dir, generatedFile: null });
  env = {
    ...(process.env as Record<string, string>),
    LOCAL_ETHEREUM_RPC_PORT: new URL(chain.local.url).port,
    PIXLINGS_DEPLOYMENTS_DIR: dir,
    // Not the owner: local chains must sign with the dev owner anyway.
    OWNER_PRIVATE_KEY: keccak256(toHex("pixlings-admin-local-test:not the owner")),
  };
});
after(async () => {
  await chain?.local.stop();
  rmSync(dir, { recursive: true, force: true });
});

function admin(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [path.join(import.meta.dirname, "cli.ts"), ...args, "--network", "localEthereum"], { env }, (_, stdout, stderr) =>
      resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

test("status, an unpause and an art replacement on a local chain, signed by the dev owner", async () => {
  const status = await admin(["status", "--json"]);
  assert.equal(status.code, 0, status.stderr);
  const [local] = JSON.parse(status.stdout) as { owner: Address; roles: Record<string, Address[]>; artChunks: number; totalSupply: number }[];
  assert.deepEqual(
    { owner: local!.owner, roles: local!.roles, artChunks: local!.artChunks },
    { owner: DEV_ADDRESSES.owner, roles: { signer: [DEV_ADDRESSES.signer], minter: [DEV_ADDRESSES.minter], "art-admin": [DEV_ADDRESSES.owner] }, artChunks: 1 },
  );

  // A fresh deployment's sale is closed.
  const unpause = await admin(["unpause", "--yes"]);
  assert.equal(unpause.code, 0, unpause.stderr);
  assert.match(unpause.stdout, new RegExp(`From {7}${DEV_ADDRESSES.owner} \\(key from DEV_KEYS\\.owner \\(local chain\\)\\)`));
  assert.equal(await chain.clients.publicClient.readContract({ address, abi: pixlingsAbi, functionName: "mintingActive" }), true);

  const file = path.join(dir, "piece.json");
  writeFileSync(file, JSON.stringify({ palette: ["#000000", "#ffffff"], pixels: "01".repeat(40).concat("0") }));
  const replaced = await admin(["replace-art", "--token", "3", "--file", file, "--yes"]);
  assert.equal(replaced.code, 0, replaced.stderr);
  const art = await chain.clients.publicClient.readContract({ address, abi: pixlingsAbi, functionName: "artOf", args: [3n] });
  assert.deepEqual(
    canonicalize(decodePiece(hexToBytes(art))),
    canonicalize({ palette: [0, 0xffffff], pixels: Uint8Array.from("01".repeat(40).concat("0"), Number) }),
  );

  const noArt = await admin(["replace-art", "--token", "250", "--file", file]);
  assert.equal(noArt.code, 1);
  assert.equal(noArt.stderr, "localEthereum: Pix #250 has no art on this chain yet (the deploy uploads it).\n");
  const accept = await admin(["accept-ownership"]);
  assert.equal(accept.code, 1);
  assert.match(accept.stderr, /The pending owner's key has no local default: name its variable with --key-env <VARIABLE>\./);
});
