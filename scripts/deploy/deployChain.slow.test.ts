// The deploy's last step on a real anvil chain with all 40 chunks: the sale opens only after every
// tokenURI (1..9999) rendered, and the deployment record remembers that it did.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import type { Address } from "viem";
import { CHUNK_COUNT } from "@pixlings/shared/art/chunks";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { ChainClients } from "./clients.ts";
import { deployAndUpload } from "./deployChain.ts";
import { readDeploymentRecord } from "./deploymentFile.ts";
import { checkThenOpenSale } from "./openSale.ts";
import { defaultSetup, deployPixlings } from "./pixlings.ts";
import { DEV_ADDRESSES } from "./roles.ts";
import { fixtureChunk, fixtureChunkWithBadPixels } from "@pixlings/test-kit/artFixtures";
import { startOwnerChain, type OwnerChain } from "@pixlings/test-kit/ownerChain";
import { uploadArt } from "./uploadArt.ts";

const dir = mkdtempSync(path.join(tmpdir(), "pixlings-deploy-chain-test-"));
let chain: OwnerChain;
let clients: ChainClients;
const goodChunks = Array.from({ length: CHUNK_COUNT }, (_, i) => fixtureChunk(i));

before(async () => {
  chain = await startOwnerChain(31337);
  clients = chain.clients;
});
after(async () => {
  await chain?.local.stop();
  rmSync(dir, { recursive: true, force: true });
});

const targetsFor = (name: string) => ({ deploymentsDir: path.join(dir, name), generatedFile: null });
const mintingActive = (address: Address): Promise<boolean> => clients.publicClient.readContract({ address, abi: pixlingsAbi, functionName: "mintingActive" });

test("a deployment whose art has a chunk that cannot render is refused, stays closed, and is checked again next time", async () => {
  const targets = targetsFor("bad");
  const chunks = goodChunks.map((chunk) => (chunk.chunkIndex === 20 ? fixtureChunkWithBadPixels(20, [5000, 5001, 5100]) : chunk));
  await assert.rejects(
    deployAndUpload({ clients, chunks, redeployOutdated: true, targets }),
    /tokenURI check failed on Local Ethereum at 0x[0-9a-fA-F]{40}: 3 of 9999 ids do not render as uploaded \(5000-5001, 5100\):\n {2}reverts InvalidArt: 5000-5001, 5100\nThe sale stays closed/,
  );
  const record = readDeploymentRecord(31337, targets.deploymentsDir)!;
  assert.equal(await mintingActive(record.address), false);
  assert.equal(record.tokenUrisCheckedAt, undefined);

  // The next run reuses the contract and reads the tokenURIs again (stopped at its first progress).
  const stop = new Error("seen: checking again");
  await assert.rejects(
    deployAndUpload({
      clients,
      chunks,
      redeployOutdated: true,
      targets,
      onCheckProgress: () => {
        throw stop;
      },
    }),
    (error) => error === stop,
  );
  assert.equal(readDeploymentRecord(31337, targets.deploymentsDir)?.address, record.address);
  assert.equal(await mintingActive(record.address), false);
});

test("a good deployment opens after the check; an interrupted check runs again in full; a passed one is not redone", async (t) => {
  const targets = targetsFor("good");
  const interrupted = new Error("interrupted");
  await assert.rejects(
    deployAndUpload({
      clients,
      chunks: goodChunks,
      redeployOutdated: true,
      targets,
      onCheckProgress: (done) => {
        if (done >= 2000) throw interrupted;
      },
    }),
    (error) => error === interrupted,
  );
  const record = readDeploymentRecord(31337, targets.deploymentsDir)!;
  assert.equal(await mintingActive(record.address), false, "the sale stays closed after an interrupted check");
  assert.equal(record.tokenUrisCheckedAt, undefined);

  const progress: number[] = [];
  const lines: string[] = [];
  const resumed = await deployAndUpload({
    clients,
    chunks: goodChunks,
    redeployOutdated: true,
    targets,
    onCheckProgress: (done) => progress.push(done),
    log: (line) => lines.push(line),
  });
  assert.equal(resumed.deployment.outcome, "reused");
  assert.equal(resumed.upload.written, 0);
  assert.ok(progress[0]! < 2000 && progress.at(-1) === 9999, `the whole check ran again (first ${progress[0]}, last ${progress.at(-1)})`);
  assert.equal(resumed.sale.state, "opened");
  assert.equal(await mintingActive(record.address), true);
  assert.match(readDeploymentRecord(31337, targets.deploymentsDir)?.tokenUrisCheckedAt ?? "", /^\d{4}-\d\d-\d\dT/);
  assert.match(lines.join("\n"), /9,999 tokenURIs render \(checked in \d+\.\d s\); sale opened/);
  if ("check" in resumed.sale) t.diagnostic(`9,999 tokenURI calls in ${(resumed.sale.check.ms / 1000).toFixed(1)} s`);

  const again = await deployAndUpload({ clients, chunks: goodChunks, redeployOutdated: true, targets, onCheckProgress: () => assert.fail("checked again") });
  assert.equal(again.sale.state, "checked before");
  assert.equal(await mintingActive(record.address), true);
});

test("a deployer that is not the owner checks but leaves opening to the owner; an open sale with bad art says so", async () => {
  const chunk = fixtureChunk(0);
  const ids = Array.from({ length: 249 }, (_, i) => i + 1);
  // The deployer uploads as art admin; the owner is another account.
  const setup = defaultSetup(31337, DEV_ADDRESSES.owner, { owner: DEV_ADDRESSES.custody });
  const { address } = await deployPixlings({ ...clients, setup });
  await uploadArt({ ...clients, address, chunks: [chunk] });
  const left = await checkThenOpenSale({ clients, address, chunks: [chunk], ids });
  assert.equal(left.state, "left for the owner");
  assert.equal("owner" in left && left.owner, DEV_ADDRESSES.custody);
  assert.equal(await mintingActive(address), false);

  const bad = fixtureChunkWithBadPixels(0, [7]);
  const open = await deployPixlings({ ...clients, setup: defaultSetup(31337, DEV_ADDRESSES.owner, { mintingActive: true }) });
  await uploadArt({ ...clients, address: open.address, chunks: [bad] });
  await assert.rejects(
    checkThenOpenSale({ clients, address: open.address, chunks: [bad], ids }),
    /1 of 249 ids .*\(7\)[\s\S]*The sale is OPEN on this contract/,
  );
});
