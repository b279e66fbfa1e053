import { z } from "zod";
import type { Art } from "@pixlings/shared/art/codec";
import { colorCount } from "@pixlings/shared/art/codec";
import { symmetryOf } from "@pixlings/shared/art/symmetry";
import { DEFAULT_API_PORT, LOOPBACK } from "@pixlings/shared/defaults";
import type { Env } from "@pixlings/shared/env";
import type { ChainInfo } from "@pixlings/shared/http/sale";
import { isHeldUntilDone, type Nft } from "@pixlings/shared/http/nfts";
import type { AdminTarget } from "./targets.ts";

/** How long the storefront may take to answer before the CLI goes on without it. */
const STOREFRONT_TIMEOUT_MS = 3000;

/** What the CLI reads of `GET /api/nfts/token/{id}`. */
const PixSchema = z.object({
  tokenId: z.number(),
  reservedUntil: z.string().nullable(),
  colorCount: z.number(),
  symmetryType: z.string(),
}) satisfies z.ZodType<Pick<Nft, "tokenId" | "reservedUntil" | "colorCount" | "symmetryType">>;
type StorefrontPix = z.infer<typeof PixSchema>;

/** What the CLI reads of `GET /api/chains`. */
const ChainsSchema = z.array(
  z.object({ chainId: z.number(), contract: z.string() } satisfies Record<keyof Pick<ChainInfo, "chainId" | "contract">, z.ZodType>),
);

/** The storefront's answer about a Pix, or why it was not asked or did not answer. */
export type StorefrontAnswer =
  | {
      kind: "answered";
      origin: string;
      pix: StorefrontPix;
      /** Chains the storefront sells on that are none of the targets (a chain this checkout may have no record of). */
      alsoSells: { chainId: number; contract: string }[];
    }
  | { kind: "unchecked"; why: string };

/**
 * The storefront's origin: `--site`, else SIWE_URI (the site's origin, as the API reads it), else
 * the local API (API_PORT, default 3001) when every target is a local chain.
 */
export function storefrontOrigin(site: string | undefined, env: Env, targets: readonly AdminTarget[]): string | undefined {
  const given = site ?? (env.SIWE_URI || undefined);
  if (given) return URL.canParse(given) ? new URL(given).origin : undefined;
  return targets.every((t) => t.local) ? `http://${LOOPBACK}:${env.API_PORT || DEFAULT_API_PORT}` : undefined;
}

async function getJson<T extends z.ZodType>(url: string, schema: T): Promise<z.infer<T>> {
  const response = await fetch(url, { signal: AbortSignal.timeout(STOREFRONT_TIMEOUT_MS), headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`${new URL(url).pathname} answered ${response.status}`);
  const parsed = schema.safeParse(await response.json());
  if (!parsed.success) throw new Error(`${new URL(url).pathname} answered something else than the storefront's API does`);
  return parsed.data;
}

/**
 * Asks the storefront at `origin` about Pix `tokenId`, once it shows that it sells the targets'
 * contracts (another deployment's storefront would vouch for nothing). Never throws: a storefront
 * that is down, slow, or another one's is `unchecked` with the reason.
 */
export async function askStorefront(origin: string | undefined, tokenId: number, targets: readonly AdminTarget[]): Promise<StorefrontAnswer> {
  if (!origin) return { kind: "unchecked", why: "no storefront named (--site <origin>, or SIWE_URI)" };
  try {
    const chains = await getJson(`${origin}/api/chains`, ChainsSchema);
    const sold = new Set(chains.map((c) => `${c.chainId}:${c.contract.toLowerCase()}`));
    const unsold = targets.filter((t) => !sold.has(`${t.chainId}:${t.address.toLowerCase()}`));
    if (unsold.length > 0)
      return { kind: "unchecked", why: `the storefront at ${origin} does not sell ${unsold.map((t) => `${t.network}'s contract ${t.address}`).join(" or ")}` };
    const alsoSells = chains.filter((c) => !targets.some((t) => t.chainId === c.chainId));
    return { kind: "answered", origin, pix: await getJson(`${origin}/api/nfts/token/${tokenId}`, PixSchema), alsoSells };
  } catch (error) {
    const why = error instanceof Error && error.name === "TimeoutError" ? `no answer within ${STOREFRONT_TIMEOUT_MS / 1000} s` : (error as Error).message;
    return { kind: "unchecked", why: `could not ask the storefront at ${origin} (${why})` };
  }
}

/**
 * Why the storefront forbids writing `piece` onto Pix `tokenId` now, or undefined: a chain it sells
 * on that the command would leave out (unless `onlyThisChain`), a hold (a buyer's voucher, a paid
 * card order, an Approve & Replace under way), or traits its catalogue would keep wrong (only the
 * admin area's Approve & Replace updates them).
 */
export function storefrontRefusal(
  tokenId: number,
  answer: Extract<StorefrontAnswer, { kind: "answered" }>,
  piece: Art,
  file: string,
  onlyThisChain: boolean,
): string | undefined {
  const { pix, origin, alsoSells } = answer;
  if (alsoSells.length > 0 && !onlyThisChain) {
    const left = alsoSells.map((c) => `chain ${c.chainId} (contract ${c.contract})`).join(" and ");
    return [
      `The storefront (${origin}) also sells on ${left}, which this command would not write: the chains would show different art for Pix #${tokenId}.`,
      "Add that chain's deployment record (deployments/<chainId>.json) and RPC URL and write every chain, or pass --only-this-chain to leave it out on purpose",
    ].join("\n");
  }
  if (pix.reservedUntil !== null) {
    const hold = isHeldUntilDone(pix.reservedUntil)
      ? "until its work is done (a paid card order's mint, or an Approve & Replace under way)"
      : `for a buyer until ${pix.reservedUntil} (a wallet's mint voucher)`;
    return `The storefront (${origin}) holds Pix #${tokenId} ${hold}: new art now could reach a buyer who chose the old one, or cross the admin area's replacement. Try again once the hold has ended`;
  }
  const colours = colorCount(piece);
  const symmetry = symmetryOf(piece.pixels);
  if (pix.colorCount !== colours || pix.symmetryType !== symmetry) {
    return [
      `The storefront (${origin}) lists Pix #${tokenId} with ${pix.colorCount} colours, symmetry ${pix.symmetryType}; the new art has ${colours}, symmetry ${symmetry},`,
      "and the storefront's catalogue would keep the old traits (only its Approve & Replace updates them).",
      `To change the piece the storefront sells, propose ${file} for Pix #${tokenId} in the admin area (NFTs: edit the Pix, "Propose new art"), then approve it`,
      "in the Submissions tab: it holds the Pix, writes every chain and updates the catalogue. This command is for repairs that keep the catalogued traits",
    ].join("\n");
  }
  return undefined;
}
