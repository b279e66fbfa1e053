import path from "node:path";
import { BaseError, bytesToHex, encodeFunctionData, hexToBytes, type Address } from "viem";
import { z } from "zod";
import { decodePiece, encodePiece, type Art } from "@pixlings/shared/art/codec";
import { symmetryOf } from "@pixlings/shared/art/symmetry";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { tierName } from "@pixlings/shared/tiers";
import { readArtFile } from "../artFile.ts";
import type { AdminCommand, ChainView } from "../command.ts";
import { describeRevert } from "../explainError.ts";
import { parseWith, tokenIdOption } from "../options.ts";

const Schema = z.object({ token: tokenIdOption, file: z.string({ message: "is required" }).min(1, "is required") });

/** Why the art of `tokenId` may not be replaced on a chain (tier 0: no art there; an owner: minted), or undefined. */
export function replaceArtRefusal(p: { tokenId: number; tier: bigint; owner: Address | undefined }): string | undefined {
  if (p.owner) return `Pix #${p.tokenId} is minted (owner ${p.owner}): its art is frozen`;
  if (p.tier === 0n) return `Pix #${p.tokenId} has no art on this chain yet (the deploy uploads it)`;
  return undefined;
}

/** The owner of `tokenId`, or undefined while it is unminted (ownerOf reverts TokenNotMinted). */
async function ownerOf(view: ChainView, tokenId: number): Promise<Address | undefined> {
  try {
    return await view.publicClient.readContract({ address: view.address, abi: pixlingsAbi, functionName: "ownerOf", args: [BigInt(tokenId)] });
  } catch (error) {
    if (error instanceof BaseError && describeRevert(error)?.startsWith("TokenNotMinted")) return undefined;
    throw error;
  }
}

function describeArt(art: Art): string {
  return `${art.palette.length} colour${art.palette.length === 1 ? "" : "s"}, symmetry ${symmetryOf(art.pixels)}`;
}

export const replaceArt: AdminCommand = {
  name: "replace-art",
  summary: "replace the art of an unminted Pix from a PNG or JSON file (replaceArt)",
  usage: "--token <id> --file <path.png|path.json>",
  details: [
    "PNG: 9x9 pixels, or 9x9 cells of equal size (the storefront's 288x288 PNGs), opaque, at most 16 colours; nothing is resampled.",
    'JSON: {"palette": ["#rrggbb", ...], "pixels": "<81 hex digits, palette indices, row by row>"} (art.json\'s form).',
    "Refused for a minted Pix (its art is frozen) and for an id without art. Every chain must show the same art: use --all.",
    "Artist submissions go through the admin area, which also holds the id against sales; this command is for repairs.",
    "Needs the art admin's key.",
  ],
  options: { token: { type: "string" }, file: { type: "string" } },
  prepare: (values) => {
    const { token, file } = parseWith(Schema, values);
    let art: Promise<Art> | undefined;
    const readArt = (): Promise<Art> => (art ??= readArtFile(path.resolve(file)));
    return {
      kind: "transaction",
      signer: "artAdmin",
      plan: async (view) => {
        const piece = await readArt();
        const [tier, owner] = await Promise.all([
          view.publicClient.readContract({ address: view.address, abi: pixlingsAbi, functionName: "tierOf", args: [BigInt(token)] }),
          ownerOf(view, token),
        ]);
        const refusal = replaceArtRefusal({ tokenId: token, tier, owner });
        if (refusal) throw new Error(refusal);
        const blob = encodePiece(piece);
        const current = await view.publicClient.readContract({ address: view.address, abi: pixlingsAbi, functionName: "artOf", args: [BigInt(token)] });
        if (bytesToHex(encodePiece(decodePiece(hexToBytes(current)))) === bytesToHex(blob)) {
          return { kind: "nothing", reason: `Pix #${token} already shows this art` };
        }
        return {
          kind: "send",
          data: encodeFunctionData({ abi: pixlingsAbi, functionName: "replaceArt", args: [BigInt(token), bytesToHex(blob)] }),
          call: `replaceArt(${token}, <${blob.length} bytes>)`,
          effect: `replace the art of Pix #${token} (${tierName(Number(tier))}) with ${path.basename(file)}: ${describeArt(piece)}`,
        };
      },
      outcome: async (view) => {
        const current = decodePiece(
          hexToBytes(await view.publicClient.readContract({ address: view.address, abi: pixlingsAbi, functionName: "artOf", args: [BigInt(token)] })),
        );
        return `Pix #${token} now shows ${describeArt(current)}`;
      },
    };
  },
};
