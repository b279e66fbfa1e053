import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { network } from "hardhat";
import { type Address, hexToBytes, type PublicClient } from "viem";
import { canonicalize, decodeBlob, encodePiece } from "@pixlings/shared/art/codec";
import { COLLECTION } from "@pixlings/shared/collection";
import { artToSvg, svgDataUri, svgToPixels } from "@pixlings/shared/art/svg";
import { decodeTokenUri, svgOfImage } from "@pixlings/shared/art/tokenUri";
import { SYMMETRY_BY_CODE, SYMMETRY_LABEL, symmetryOf } from "@pixlings/shared/art/symmetry";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { TIER, tierName } from "@pixlings/shared/tiers";
import { chunkBlobs, loadArt, type ArtSet } from "@pixlings/scripts/art/chunks";
import { defaultSetup, deployPixlings } from "@pixlings/scripts/deploy/pixlings";
import { uploadArt } from "@pixlings/scripts/deploy/uploadArt";

const { viem } = await network.create();

/** Ids of the first chunks covering every symmetry, every tier and the most colours. */
function pickIds(set: ArtSet, lastId: number): number[] {
  const picks = new Map<string, number>();
  let richest = 1;
  for (let id = 1; id <= lastId; id++) {
    const art = set.art[id - 1]!;
    picks.set(`s:${symmetryOf(canonicalize(art).pixels)}`, picks.get(`s:${symmetryOf(canonicalize(art).pixels)}`) ?? id);
    picks.set(`t:${set.tiers[id - 1]}`, picks.get(`t:${set.tiers[id - 1]}`) ?? id);
    if (art.palette.length > set.art[richest - 1]!.palette.length) richest = id;
  }
  return [...new Set([...picks.values(), richest, lastId])].sort((a, b) => a - b);
}

describe("tokenURI and artOf on the real art", () => {
  let set: ArtSet;
  let address: Address;
  let ids: number[];
  let publicClient: PublicClient;
  const read = (functionName: "tokenURI" | "artOf", id: number): Promise<string> =>
    publicClient.readContract({ address, abi: pixlingsAbi, functionName, args: [BigInt(id)] });

  before(async () => {
    set = await loadArt();
    publicClient = await viem.getPublicClient();
    const [walletClient] = await viem.getWalletClients();
    const custody = walletClient!.account.address;
    // One key for every role here: this test reads tokenURI, it does not test who may mint.
    const setup = defaultSetup(31337, custody, { minter: custody, custody, mintingActive: true });
    ({ address } = await deployPixlings({ walletClient: walletClient!, publicClient, setup }));
    await uploadArt({ walletClient: walletClient!, publicClient, address, chunks: chunkBlobs(set).slice(0, 6) });
    ids = pickIds(set, 6 * 250 - 1);
    for (let i = 0; i < ids.length; i += 10) {
      const hash = await walletClient!.writeContract({
        address,
        abi: pixlingsAbi,
        functionName: "mintToCustody",
        args: [custody, ids.slice(i, i + 10).map(BigInt)],
      });
      await publicClient.waitForTransactionReceipt({ hash });
    }
  });

  it("covers every symmetry and tier", () => {
    const symmetries = new Set(ids.map((id) => symmetryOf(canonicalize(set.art[id - 1]!).pixels)));
    assert.equal(symmetries.size, SYMMETRY_BY_CODE.length);
    assert.deepEqual(new Set(ids.map((id) => set.tiers[id - 1])), new Set(Object.values(TIER)));
  });

  it("draws exactly the stored pixels, with name, tier, colours and symmetry", async () => {
    for (const id of ids) {
      const art = canonicalize(set.art[id - 1]!);
      const json = decodeTokenUri(await read("tokenURI", id));
      assert.equal(json.name, `Pix #${id}`);
      assert.equal(json.image, svgDataUri(artToSvg(art)), `SVG of #${id} matches the off-chain renderer`);
      const svg = svgOfImage(json.image);
      const painted = svgToPixels(svg);
      assert.deepEqual(
        painted,
        Array.from(art.pixels, (p) => art.palette[p]),
        `pixels of #${id}`,
      );
      const traits = Object.fromEntries(json.attributes.map((a) => [a.trait_type, a.value]));
      assert.deepEqual(traits, {
        Tier: tierName(set.tiers[id - 1]!),
        Colors: new Set(art.pixels).size,
        Symmetry: SYMMETRY_LABEL[symmetryOf(art.pixels)],
      });
    }
  });

  it("returns each piece as the codec's standalone blob", async () => {
    for (const id of ids) {
      const onChain = hexToBytes((await read("artOf", id)) as `0x${string}`);
      assert.deepEqual(onChain, encodePiece(set.art[id - 1]!), `artOf(${id})`);
    }
  });

  it("emits every chunk as ArtWritten with the stored bytes and tiers", async () => {
    const logs = await publicClient.getContractEvents({ address, abi: pixlingsAbi, eventName: "ArtWritten", fromBlock: 0n });
    assert.equal(logs.length, 6);
    for (const { args } of logs) {
      const firstId = Number(args.firstId);
      const pieces = decodeBlob(hexToBytes(args.art!));
      const tiers = [...hexToBytes(args.tiers!)];
      assert.equal(pieces.length, tiers.length);
      pieces.forEach((piece, i) => {
        const art = canonicalize(set.art[firstId + i - 1]!);
        assert.deepEqual([piece.palette, [...piece.pixels]], [art.palette, [...art.pixels]], `piece ${firstId + i}`);
        assert.equal(tiers[i], set.tiers[firstId + i - 1]);
      });
    }
  });

  it("agrees with the shared collection constants", async () => {
    const value = (functionName: "name" | "symbol" | "MAX_PER_WALLET" | "MAX_PER_TRANSACTION" | "DROP_SIZE" | "ARTIST_PIECES_PER_DROP") =>
      publicClient.readContract({ address, abi: pixlingsAbi, functionName });
    assert.deepEqual(
      await Promise.all([
        value("name"),
        value("symbol"),
        value("MAX_PER_WALLET"),
        value("MAX_PER_TRANSACTION"),
        value("DROP_SIZE"),
        value("ARTIST_PIECES_PER_DROP"),
      ]),
      [
        COLLECTION.name,
        COLLECTION.symbol,
        BigInt(COLLECTION.maxPerWallet),
        BigInt(COLLECTION.maxPerTransaction),
        BigInt(COLLECTION.dropSize),
        BigInt(COLLECTION.artistPiecesPerDrop),
      ],
    );
  });

  it("refuses tokenURI for unminted ids and ids outside 1..9999", async () => {
    const unminted = [1, 2, 3].find((id) => !ids.includes(id))!;
    await assert.rejects(read("tokenURI", unminted), /TokenNotMinted/);
    await assert.rejects(read("tokenURI", 0), /TokenOutOfRange/);
    await assert.rejects(read("tokenURI", 10000), /TokenOutOfRange/);
  });
});
