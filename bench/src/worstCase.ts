import { encodeFunctionData, type Hex, type LocalAccount } from "viem";
import { encodeBlobAsGiven, type Art } from "@pixlings/shared/art/codec";
import { decodeTokenUri, svgOfImage } from "@pixlings/shared/art/tokenUri";
import { canonicalCell, SYMMETRY_BY_CODE, SYMMETRY_LABEL, symmetryOf, type Symmetry } from "@pixlings/shared/art/symmetry";
import { chunkRange } from "@pixlings/shared/art/chunks";
import { CELL_COUNT, COLLECTION, isArtistId } from "@pixlings/shared/collection";
import { TIER } from "@pixlings/shared/tiers";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { deployPixlings, type PixlingsSetup } from "@pixlings/scripts/deploy/pixlings";
import { uploadArt, type ArtChunk } from "@pixlings/scripts/deploy/uploadArt";
import type { BenchClients } from "./clients.ts";

/*
 * The costliest `tokenURI` of any art the contract accepts. contracts/art/ArtRenderer.sol pays a
 * fixed amount per cell (decode, run scan), per rect (one per horizontal run of a colour other
 * than 0), per group (one per such colour in use) and per byte of JSON (base64), so the SVG is
 * longest and dearest with 81 rects in 15 groups: 16 colours, colour 0 unused, no two horizontal
 * neighbours alike. Every symmetry allows that (its name and its decode differ a little), so each
 * gets its picture. Finding a piece costs a step per piece before it in its chunk and copying the
 * chunk costs per byte, so each picture goes last in a chunk of 249 pieces of the largest kind
 * (16 colours, no symmetry) under a full 255-colour palette; its id has 4 digits and a 6-letter
 * tier. contracts/test/TokenUriGas.t.sol holds the same pictures to the bound and checks that
 * random art never costs more.
 */

const INTRINSIC_GAS = 21_000n;
const FULL_PALETTE = 255;
/** Chunks 34..39 end with the picture of symmetry 0..5 (last ids 8749..9999). */
const FIRST_CHUNK = 34;

/** 255 distinct colours. */
const PALETTE = Array.from({ length: FULL_PALETTE }, (_, i) => (i * 0x010203 + 0x0a0b0c) & 0xffffff);
if (new Set(PALETTE).size !== FULL_PALETTE) throw new Error("bench palette colours must be distinct");

/** Colour 1..15 of a cell's canonical cell: consecutive keys along a row, so neighbours differ. */
function worstColour(mode: Symmetry, cell: number): number {
  const canonical = canonicalCell(mode, cell);
  const r = Math.floor(canonical / COLLECTION.gridSize);
  const c = canonical % COLLECTION.gridSize;
  const folded = Math.min(c, COLLECTION.gridSize - 1 - c);
  const key = { none: c + 2 * r, horizontal: c + 2 * r, vertical: folded + 5 * r, both: folded + 5 * r, diagonal: r + c, rotational: canonical }[mode];
  return 1 + (key % 15);
}

/** The costliest picture with symmetry `mode` (the encoder finds exactly that symmetry in it). */
export function worstPicture(mode: Symmetry): Art {
  const pixels = Uint8Array.from({ length: CELL_COUNT }, (_, cell) => worstColour(mode, cell));
  if (symmetryOf(pixels) !== mode) throw new Error(`the ${mode} picture is ${symmetryOf(pixels)}`);
  return { palette: PALETTE.slice(0, COLLECTION.maxColors), pixels };
}

/** Chunk `chunkIndex`: 249 pictures without symmetry, then the one of `lastMode`. */
export function worstChunk(chunkIndex: number, lastMode: Symmetry): ArtChunk {
  const { firstId, lastId } = chunkRange(chunkIndex);
  const count = lastId - firstId + 1;
  const pieces = [...Array.from({ length: count - 1 }, () => worstPicture("none")), worstPicture(lastMode)];
  const tiers = Uint8Array.from({ length: count }, (_, i) => (isArtistId(firstId + i) ? TIER.Artist : TIER.Common));
  return { chunkIndex, firstId, tiers, blob: encodeBlobAsGiven(pieces, PALETTE) };
}

export interface WorstCase {
  /** The largest of the variants. */
  gas: number;
  variants: { label: string; id: bigint; gas: number }[];
}

/**
 * Deploys a Pixlings of its own (`setup`: `deployer` holds the art admin and minter roles), writes
 * the six worst chunks, mints their last ids to custody and estimates `tokenURI` of each (minus
 * the 21,000 base), checking that each draws 81 rects with its symmetry. Also measures the first
 * piece of a worst chunk, for the cost of the position.
 */
export async function worstCaseTokenUriGas(clients: BenchClients, deployer: LocalAccount, setup: PixlingsSetup): Promise<WorstCase> {
  const walletClient = clients.wallet(deployer);
  const { address } = await deployPixlings({ walletClient, publicClient: clients.publicClient, setup });
  const chunks = SYMMETRY_BY_CODE.map((mode, i) => worstChunk(FIRST_CHUNK + i, mode));
  const uploaded = await uploadArt({ walletClient, publicClient: clients.publicClient, address, chunks });
  if (uploaded.written !== chunks.length) throw new Error(`worst-case art: wrote ${uploaded.written} of ${chunks.length} chunks`);

  const measured = [
    ...chunks.map((chunk, i) => ({
      label: `${SYMMETRY_LABEL[SYMMETRY_BY_CODE[i]!]}, last of its chunk`,
      id: BigInt(chunk.firstId + chunk.tiers.length - 1),
      mode: SYMMETRY_BY_CODE[i]!,
    })),
    { label: "None, first of its chunk", id: BigInt(chunks[1]!.firstId), mode: "none" as const },
  ];
  const send = async (data: Hex): Promise<void> => {
    const hash = await walletClient.sendTransaction({ to: address, data });
    const receipt = await clients.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== "success") throw new Error(`worst-case setup transaction ${hash} reverted`);
  };
  await send(encodeFunctionData({ abi: pixlingsAbi, functionName: "mintToCustody", args: [setup.custody, measured.map((m) => m.id)] }));

  const variants = await Promise.all(
    measured.map(async ({ label, id, mode }) => {
      const uri = await clients.publicClient.readContract({ address, abi: pixlingsAbi, functionName: "tokenURI", args: [id] });
      const json = decodeTokenUri(uri);
      const rects = svgOfImage(json.image).split("<rect x=").length - 1;
      if (rects !== CELL_COUNT || !JSON.stringify(json).includes(`"value":"${SYMMETRY_LABEL[mode]}"`)) {
        throw new Error(`worst case ${label}: ${rects} rects, expected ${CELL_COUNT} (${SYMMETRY_LABEL[mode]})`);
      }
      const data = encodeFunctionData({ abi: pixlingsAbi, functionName: "tokenURI", args: [id] });
      const gas = await clients.publicClient.estimateGas({ account: deployer.address, to: address, data });
      return { label, id, gas: Number(gas - INTRINSIC_GAS) };
    }),
  );
  return { gas: Math.max(...variants.map((v) => v.gas)), variants };
}

/** The variants, costliest first. */
export function printWorstCase(worst: WorstCase): void {
  const lines = [...worst.variants].sort((a, b) => b.gas - a.gas).map((v) => `  ${v.gas.toLocaleString("en-US").padStart(9)}  #${v.id}  ${v.label}`);
  console.log(`Pixlings tokenURI of the costliest pictures (81 rects in 15 groups, 255-colour chunk palette):\n${lines.join("\n")}\n`);
}
