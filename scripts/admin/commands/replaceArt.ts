import path from "node:path";
import { bytesToHex, encodeFunctionData, type Address } from "viem";
import { z } from "zod";
import { encodePiece, type Art } from "@pixlings/shared/art/codec";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { tierName } from "@pixlings/shared/tiers";
import { artComparison, artOn, cellsDiffering, describeArt, ownerOn, type ChainArt } from "../artAcrossChains.ts";
import { readArtFile } from "../artFile.ts";
import type { AdminCommand, ChainView } from "../command.ts";
import type { LeftOutChain } from "../coverage.ts";
import { explainError } from "../explainError.ts";
import { parseWith, tokenIdOption } from "../options.ts";
import { askStorefront, storefrontOrigin, storefrontRefusal } from "../storefront.ts";
import { openView } from "../views.ts";

const Schema = z.object({
  token: tokenIdOption,
  file: z.string({ message: "is required" }).min(1, "is required"),
  "only-this-chain": z.boolean().default(false),
  site: z
    .string()
    .regex(/^https?:\/\/[^/\s]+\/?$/, "must be the storefront's origin, e.g. https://pixlings.example")
    .optional(),
});

/** Why the art of `tokenId` may not be replaced on a chain (tier 0: no art there; an owner: minted), or undefined. */
export function replaceArtRefusal(p: { tokenId: number; tier: bigint; owner: Address | undefined }): string | undefined {
  if (p.owner) return `Pix #${p.tokenId} is minted (owner ${p.owner}): its art is frozen`;
  if (p.tier === 0n) return `Pix #${p.tokenId} has no art on this chain yet (the deploy uploads it)`;
  return undefined;
}

/** A chain's art for the comparison, or why it could not be read; a left-out chain's owner too (its art is frozen once minted). */
async function readChain(view: ChainView | Error, network: string, written: boolean, tokenId: number): Promise<ChainArt & { owner?: Address }> {
  if (view instanceof Error) return { network, written, art: { problem: view.message.replace(new RegExp(`^${network}: `), "") } };
  try {
    const [art, owner] = await Promise.all([artOn(view, tokenId), written ? undefined : ownerOn(view, tokenId)]);
    return { network, written, art, owner };
  } catch (error) {
    return { network, written, art: { problem: explainError(error, view.target).replace(new RegExp(`^${network}: `), "") } };
  }
}

async function leftOutView(chain: LeftOutChain): Promise<ChainView | Error> {
  if (!chain.target) return new Error(chain.why);
  try {
    return await openView(chain.target);
  } catch (error) {
    return error as Error;
  }
}

export const replaceArt: AdminCommand = {
  name: "replace-art",
  summary: "replace the art of an unminted Pix on every chain from a PNG or JSON file (replaceArt)",
  usage: "--token <id> --file <path.png|path.json> [--only-this-chain] [--site <origin>]",
  details: [
    "PNG: 9x9 pixels, or 9x9 cells of equal size (the storefront's 288x288 PNGs), opaque, at most 16 colours; nothing is resampled.",
    'JSON: {"palette": ["#rrggbb", ...], "pixels": "<81 hex digits, palette indices, row by row>"} (art.json\'s form).',
    "Refused for a minted Pix (its art is frozen) and for an id without art.",
    "Every chain must show the same art: run it with --all; naming one network is refused while another has a recorded deployment,",
    "  unless --only-this-chain says to write that one alone. Before sending it shows the art each chain has now against the new one.",
    "It asks the storefront (--site <origin>, else SIWE_URI, else the local API on local chains) and refuses while the storefront",
    "  holds the Pix (a buyer's voucher, a paid card order, an Approve & Replace) or when its catalogue's colours or symmetry would go",
    "  stale; a storefront it cannot ask is not checked (said so). Artist submissions and new pieces go through the admin area",
    "  (Propose new art, then Approve & Replace), which holds the Pix, writes every chain and updates the catalogue; this command is for repairs.",
    "Needs the art admin's key.",
  ],
  options: { token: { type: "string" }, file: { type: "string" }, "only-this-chain": { type: "boolean" }, site: { type: "string" } },
  prepare: (values) => {
    const { token, file, "only-this-chain": onlyThisChain, site } = parseWith(Schema, values);
    let art: Promise<Art> | undefined;
    const readArt = (): Promise<Art> => (art ??= readArtFile(path.resolve(file)));
    return {
      kind: "transaction",
      signer: "artAdmin",
      sameOnEveryChain: { why: "every chain must show the same art", onlyThisChain },
      crossCheck: async ({ views, leftOut, env }) => {
        const piece = await readArt();
        const others = await Promise.all(leftOut.map(leftOutView));
        const chains = await Promise.all([
          ...views.map((view) => readChain(view, view.target.network, true, token)),
          ...others.map((view, i) => readChain(view, leftOut[i]!.network, false, token)),
        ]);
        for (const chain of chains) {
          if (chain.owner && !("problem" in chain.art) && cellsDiffering(chain.art, piece) > 0) {
            throw new Error(
              `Pix #${token} is minted on ${chain.network} (owner ${chain.owner}): its art there is frozen, so writing other art on ${views.map((v) => v.target.network).join(" and ")} would make the chains differ for good.`,
            );
          }
        }
        const lines = artComparison(token, piece, chains);
        const targets = views.map((view) => view.target);
        const answer = await askStorefront(storefrontOrigin(site, env, targets), token, targets);
        if (answer.kind === "unchecked") {
          lines.push(
            `Warning: the storefront was not asked: ${answer.why}. Its holds (a buyer's voucher, a paid card order, an Approve & Replace under way)`,
            `  and its catalogue's colours and symmetry are NOT checked: make sure nothing holds Pix #${token} (--site <origin> names the storefront).`,
          );
          return lines;
        }
        const refusal = storefrontRefusal(token, answer, piece, file, onlyThisChain);
        if (refusal) throw new Error(`${refusal}.`);
        lines.push(
          `The storefront (${answer.origin}) holds nothing on Pix #${token} and lists the same colours and symmetry (asked now: a voucher issued later is not seen).`,
        );
        return lines;
      },
      plan: async (view) => {
        const piece = await readArt();
        const [tier, owner, current] = await Promise.all([
          view.publicClient.readContract({ address: view.address, abi: pixlingsAbi, functionName: "tierOf", args: [BigInt(token)] }),
          ownerOn(view, token),
          artOn(view, token).catch(() => undefined),
        ]);
        const refusal = replaceArtRefusal({ tokenId: token, tier, owner });
        if (refusal) throw new Error(refusal);
        if (current && cellsDiffering(current, piece) === 0) return { kind: "nothing", reason: `Pix #${token} already shows this art` };
        const blob = encodePiece(piece);
        return {
          kind: "send",
          data: encodeFunctionData({ abi: pixlingsAbi, functionName: "replaceArt", args: [BigInt(token), bytesToHex(blob)] }),
          call: `replaceArt(${token}, <${blob.length} bytes>)`,
          effect: `replace the art of Pix #${token} (${tierName(Number(tier))}) with ${path.basename(file)}: ${describeArt(piece)}`,
        };
      },
      outcome: async (view) => `Pix #${token} now shows ${describeArt(await artOn(view, token))}`,
    };
  },
};
