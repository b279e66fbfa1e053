import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createPublicClient, encodeAbiParameters, hexToBigInt, http, numberToHex, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { freePort } from "../chains/freePort.ts";
import { allTokenIds, checkTokenUris, decodeStringResult, describeIds, recordWordSlot, wordWithEveryRecordMinted } from "./checkTokenUris.ts";
import type { ChainClients } from "./clients.ts";
import { expectedTokens } from "./expectedTokens.ts";
import { setMintingActive } from "./openSale.ts";
import { fixtureChunk, fixtureChunkWithBadPixels } from "@pixlings/test-kit/artFixtures";
import { deployPixlingsWith, startOwnerChain, type OwnerChain } from "@pixlings/test-kit/ownerChain";
import { uploadArt, type ArtChunk } from "./uploadArt.ts";

let chain: OwnerChain;
let clients: ChainClients;

before(async () => {
  chain = await startOwnerChain(31337);
  clients = chain.clients;
});
after(async () => {
  await chain?.local.stop();
});

async function deployWith(chunks: ArtChunk[]): Promise<Address> {
  const address = await deployPixlingsWith(chain, {});
  await uploadArt({ ...clients, address, chunks });
  return address;
}

const range = (first: number, last: number): number[] => Array.from({ length: last - first + 1 }, (_, i) => first + i);

test("the record slot the check overrides is where the contract keeps owners: an override renders as a real mint does", async () => {
  const chunk = fixtureChunk(0);
  const address = await deployWith([chunk]);
  const read = (id: number, stateOverride?: { address: Address; stateDiff: { slot: `0x${string}`; value: `0x${string}` }[] }[]) =>
    clients.publicClient.readContract({ address, abi: pixlingsAbi, functionName: "tokenURI", args: [BigInt(id)], stateOverride });
  await setMintingActive(clients, address, true);
  const minter = privateKeyToAccount(DEV_KEYS.minter);
  const custody = privateKeyToAccount(DEV_KEYS.custody).address;
  const hash = await clients.walletClient.writeContract({ account: minter, address, abi: pixlingsAbi, functionName: "mintToCustody", args: [custody, [5n]] });
  assert.equal((await clients.publicClient.waitForTransactionReceipt({ hash })).status, "success");

  const slot = recordWordSlot(0);
  const word = hexToBigInt((await clients.publicClient.getStorageAt({ address, slot }))!);
  // A record: tier in bits 0-1, approved flag in bit 2, holder index above (PackedERC721).
  const ownerIndex = (id: number): bigint => ((word >> BigInt((id % 10) * 24)) & 0xffffffn) >> 3n;
  assert.ok(ownerIndex(5) >= 1n << 20n, "id 5 has custody's home index in its record");
  assert.deepEqual([1, 2, 3, 4, 6, 7, 8, 9].map(ownerIndex), Array(8).fill(0n), "unminted ids have none");

  await assert.rejects(read(7), /TokenNotMinted/);
  const minted = [{ address, stateDiff: [{ slot, value: numberToHex(wordWithEveryRecordMinted(word), { size: 32 }) }] }];
  const real = await read(5);
  assert.equal(await read(5, minted), real, "the override leaves a minted record alone");
  assert.match(await read(7, minted), /^data:application\/json;base64,/);

  const check = await checkTokenUris({ publicClient: clients.publicClient, address, expected: expectedTokens([chunk]), ids: range(1, 249) });
  assert.deepEqual(check.failures, []);
  assert.equal(check.checked, 249);
  assert.equal(await clients.publicClient.getStorageAt({ address, slot }), numberToHex(word, { size: 32 }), "the check wrote nothing");
});

test("a hand-made chunk with out-of-range pixels is accepted by the upload, and only its bad ids fail the check", async () => {
  const chunks = [fixtureChunk(0), fixtureChunkWithBadPixels(1, [260, 261, 300])];
  const address = await deployWith(chunks);
  const progress: number[] = [];
  const check = await checkTokenUris({
    publicClient: clients.publicClient,
    address,
    expected: expectedTokens(chunks),
    ids: range(1, 520),
    onProgress: (done) => progress.push(done),
  });
  assert.equal(progress.at(-1), 520);
  assert.deepEqual(
    check.failures.filter((f) => f.id < 500),
    [260, 261, 300].map((id) => ({ id, reason: "reverts InvalidArt" })),
  );
  // Ids past the uploaded chunks have no art on chain.
  assert.deepEqual(new Set(check.failures.filter((f) => f.id >= 500).map((f) => f.reason)), new Set(["reverts TokenNotForSale"]));
  assert.equal(check.failures.filter((f) => f.id >= 500).length, 21);
});

test("reverts are failures, not errors, also through an unbatched client (as on public RPCs)", async () => {
  const chunks = [fixtureChunkWithBadPixels(0, [3])];
  const address = await deployWith(chunks);
  const unbatched = createPublicClient({ transport: http(chain.local.url, { retryCount: 0 }) });
  const check = await checkTokenUris({ publicClient: unbatched, address, expected: expectedTokens(chunks), ids: [2, 3, 250] });
  assert.deepEqual(check.failures, [
    { id: 3, reason: "reverts InvalidArt" },
    { id: 250, reason: "reverts TokenNotForSale" },
  ]);
});

test("a tokenURI that renders other art than the uploaded art fails, naming the difference", async () => {
  const address = await deployWith([fixtureChunk(0)]);
  // Each id is compared with its neighbour's art.
  const shifted = new Map([...expectedTokens([fixtureChunk(0)])].map(([id, token]) => [id + 1, token]));
  const check = await checkTokenUris({ publicClient: clients.publicClient, address, expected: shifted, ids: range(240, 249) });
  assert.equal(check.failures.length, 10);
  assert.ok(
    check.failures.every((f) => f.reason === "its SVG differs from the uploaded art" || /^attribute /.test(f.reason)),
    JSON.stringify(check.failures),
  );
  const unknown = await checkTokenUris({ publicClient: clients.publicClient, address, expected: new Map(), ids: [1] });
  assert.deepEqual(unknown.failures, [{ id: 1, reason: "no local art to compare with" }]);
});

test("an RPC that fails aborts the check instead of passing it or blaming ids", async () => {
  const address = await deployWith([fixtureChunk(0)]);
  const dead = createPublicClient({ transport: http(`http://127.0.0.1:${await freePort()}`, { retryCount: 0 }) });
  await assert.rejects(
    checkTokenUris({ publicClient: dead, address, expected: expectedTokens([fixtureChunk(0)]), ids: range(1, 30) }),
    /fetch failed|HTTP request failed/,
  );
  const thrown = new Error("stop here");
  let calls = 0;
  await assert.rejects(
    checkTokenUris({
      publicClient: clients.publicClient,
      address,
      expected: expectedTokens([fixtureChunk(0)]),
      ids: range(1, 249),
      wordsInFlight: 2,
      onProgress: () => {
        calls++;
        throw thrown;
      },
    }),
    (error) => error === thrown,
  );
  assert.ok(calls <= 2, `no word is started after the abort (${calls} progress calls)`);
});

test("describeIds folds ids into ranges and caps the list", () => {
  assert.equal(describeIds([1, 2, 3, 5, 9, 10]), "1-3, 5, 9-10");
  assert.equal(describeIds([]), "");
  assert.equal(
    describeIds(
      allTokenIds().filter((id) => id % 2 === 0),
      3,
    ),
    "2, 4, 6 and 4996 more",
  );
  assert.equal(allTokenIds().length, 9999);
});

test("decodeStringResult reads an ABI string and refuses anything else", () => {
  for (const text of ["", "data:application/json;base64,eyJ9", "é".repeat(100)]) {
    assert.equal(decodeStringResult(encodeAbiParameters([{ type: "string" }], [text])), text);
  }
  const good = encodeAbiParameters([{ type: "string" }], ["abc"]);
  const bad: Hex[] = [
    "0x",
    `0x${"00".repeat(31)}40${good.slice(66)}`, // offset 64
    `${good.slice(0, 66)}${"ff".repeat(32)}${good.slice(130)}` as Hex, // huge length
    `${good.slice(0, 66)}${"00".repeat(31)}40${good.slice(130)}` as Hex, // length past the end
  ];
  for (const hex of bad) assert.throws(() => decodeStringResult(hex), RangeError, hex);
});
