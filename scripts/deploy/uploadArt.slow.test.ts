import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { after, before, test } from "node:test";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { ART_DIR } from "../paths.ts";
import { loadArtChunks } from "./artChunks.ts";
import type { ChainClients } from "./clients.ts";
import { fixtureChunk } from "@pixlings/test-kit/artFixtures";
import { deployPixlingsWith, startOwnerChain, type OwnerChain } from "@pixlings/test-kit/ownerChain";
import { readChainState } from "./deployChain.ts";
import { uploadArt, writtenChunks } from "./uploadArt.ts";

let chain: OwnerChain;
let clients: ChainClients;

before(async () => {
  chain = await startOwnerChain(31337);
  clients = chain.clients;
});
after(async () => {
  await chain?.local.stop();
});

const deploy = (): Promise<`0x${string}`> => deployPixlingsWith(chain, {});

test("an interrupted upload resumes with only the missing chunks", async () => {
  const address = await deploy();
  const chunks = [0, 1, 2, 39].map(fixtureChunk);
  const interrupted = new Error("interrupted");
  const progress: number[] = [];
  await assert.rejects(
    uploadArt({
      ...clients,
      address,
      chunks,
      onProgress: (done) => {
        progress.push(done);
        if (done === 2) throw interrupted;
      },
    }),
    (error) => error === interrupted,
  );
  assert.deepEqual(progress, [0, 1, 2]);
  assert.deepEqual([...(await writtenChunks(clients.publicClient, address, chunks))], [0, 1]);

  const seen: [number, number, bigint][] = [];
  const resumed = await uploadArt({ ...clients, address, chunks, onProgress: (d, t, g) => seen.push([d, t, g]) });
  assert.equal(resumed.written, 2);
  assert.equal(resumed.skipped, 2);
  assert.ok(resumed.gasUsed > 0n);
  assert.deepEqual(
    seen.map(([done, total]) => [done, total]),
    [
      [2, 4],
      [3, 4],
      [4, 4],
    ],
  );
  assert.equal(seen.at(-1)![2], resumed.gasUsed);
  for (const chunk of chunks) {
    const written = await clients.publicClient.readContract({
      address,
      abi: pixlingsAbi,
      functionName: "isChunkWritten",
      args: [BigInt(chunk.chunkIndex)],
    });
    assert.equal(written, true, `chunk ${chunk.chunkIndex}`);
  }

  const again = await uploadArt({ ...clients, address, chunks });
  assert.deepEqual(again, { written: 0, skipped: 4, gasUsed: 0n });
});

test("a chunk the contract rejects fails the upload loudly", async () => {
  const address = await deploy();
  const good = fixtureChunk(3);
  const bad = { ...fixtureChunk(4), tiers: fixtureChunk(4).tiers.subarray(1) };
  await assert.rejects(uploadArt({ ...clients, address, chunks: [good, bad] }), /TiersLengthMismatch/);
  assert.deepEqual([...(await writtenChunks(clients.publicClient, address, [good, bad]))], [3]);
});

test("the generator's chunks are accepted by the contract", { skip: !existsSync(ART_DIR) && "no built art: run `npm run setup`" }, async () => {
  const all = await loadArtChunks();
  const chunks = [all[0]!, all[1]!, all.at(-1)!];
  const address = await deploy();
  const result = await uploadArt({ ...clients, address, chunks });
  assert.equal(result.written, 3);
  const state = await readChainState(clients, address, all);
  assert.equal(state.chunksOnChain, 3);
  assert.equal(
    state.piecesOnChain,
    chunks.reduce((sum, chunk) => sum + chunk.tiers.length, 0),
  );
  assert.equal(state.totalSupply, 0n);
  const tier = await clients.publicClient.readContract({ address, abi: pixlingsAbi, functionName: "tierOf", args: [9999n] });
  assert.equal(tier, BigInt(all.at(-1)!.tiers.at(-1)!));
});
