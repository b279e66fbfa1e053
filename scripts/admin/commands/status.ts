import { isAddress, type Address } from "viem";
import { z } from "zod";
import { CHUNK_COUNT } from "@pixlings/shared/art/chunks";
import { COLLECTION } from "@pixlings/shared/collection";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { Env } from "@pixlings/shared/env";
import type { AdminCommand, ChainView } from "../command.ts";
import { describeBps, describePrices } from "../describe.ts";
import { ROLE_NAMES, type RoleName } from "../facts.ts";
import { parseWith } from "../options.ts";
import { formatCoin } from "../../deploy/fees.ts";
import { readRoleHolders } from "../roleHolders.ts";

/** Role addresses the deploy was configured with: checked even when the RPC refuses the logs. */
const KNOWN_ROLE_VARIABLES = ["PIXLINGS_OWNER", "PIXLINGS_SIGNER", "PIXLINGS_MINTER", "PIXLINGS_ART_ADMIN"] as const;

/** One chain's state, as `status --json` prints it (amounts in wei, as strings). */
interface ChainStatus {
  network: string;
  chainId: number;
  chainName: string;
  address: Address;
  owner: Address;
  pendingOwner: Address | null;
  roles: Record<RoleName, Address[]>;
  rolesIncomplete?: string;
  custody: Address;
  withdrawRecipient: Address;
  royalty: { receiver: Address; bps: number };
  coin: string;
  prices: { common: string; rare: string; artist: string };
  mintingActive: boolean;
  balance: string;
  totalSupply: number;
  artChunks: number;
  deployBlock: number;
}

async function chainStatus(view: ChainView, env: Env): Promise<ChainStatus> {
  const { facts, publicClient, address, target } = view;
  const known = [facts.owner, ...KNOWN_ROLE_VARIABLES.map((name) => env[name]).filter((value): value is Address => !!value && isAddress(value))];
  const [holders, chunks] = await Promise.all([
    readRoleHolders({ publicClient, address, fromBlock: target.deployBlock, local: target.local, known }),
    Promise.all(
      Array.from({ length: CHUNK_COUNT }, (_, chunk) =>
        publicClient.readContract({ address, abi: pixlingsAbi, functionName: "isChunkWritten", args: [BigInt(chunk)] }),
      ),
    ),
  ]);
  const roles = Object.fromEntries(
    ROLE_NAMES.map((role) => [
      role,
      [...holders.holders]
        .filter(([, bits]) => (bits & facts.roles[role]) !== 0n)
        .map(([holder]) => holder)
        .sort(),
    ]),
  ) as Record<RoleName, Address[]>;
  return {
    network: target.network,
    chainId: target.chainId,
    chainName: view.chain.chain.name,
    address,
    owner: facts.owner,
    pendingOwner: facts.pendingOwner ?? null,
    roles,
    ...(holders.incomplete ? { rolesIncomplete: holders.incomplete } : {}),
    custody: facts.custody,
    withdrawRecipient: facts.withdrawRecipient,
    royalty: { receiver: facts.royalty.receiver, bps: Number(facts.royalty.bps) },
    coin: view.chain.coin,
    prices: { common: String(facts.prices[0]), rare: String(facts.prices[1]), artist: String(facts.prices[2]) },
    mintingActive: facts.mintingActive,
    balance: String(facts.balance),
    totalSupply: Number(facts.totalSupply),
    artChunks: chunks.filter(Boolean).length,
    deployBlock: Number(target.deployBlock),
  };
}

const ROLE_LABEL: Readonly<Record<RoleName, string>> = { signer: "Signer role", minter: "Minter role", "art-admin": "Art admin role" };

/** The human form of one chain's status. */
function statusLines(s: ChainStatus): string[] {
  const row = (label: string, value: string): string => `  ${label.padEnd(19)} ${value}`;
  const prices = [BigInt(s.prices.common), BigInt(s.prices.rare), BigInt(s.prices.artist)] as const;
  return [
    `${s.network}: ${s.chainName} (${s.chainId}), Pixlings at ${s.address}`,
    row("Owner", `${s.owner}${s.pendingOwner ? ` (transfer pending to ${s.pendingOwner})` : " (no transfer pending)"}`),
    ...ROLE_NAMES.map((role) => row(ROLE_LABEL[role], s.roles[role].length > 0 ? s.roles[role].join(", ") : "nobody")),
    ...(s.rolesIncomplete ? [row("Roles note", s.rolesIncomplete)] : []),
    row("Custody", s.custody),
    row("Withdraw recipient", s.withdrawRecipient),
    row("Royalty", `${describeBps(BigInt(s.royalty.bps))} to ${s.royalty.receiver}`),
    row("Prices", describePrices(prices, s.coin)),
    row("Minting", s.mintingActive ? "open (mintingActive true)" : "paused (mintingActive false)"),
    row("Balance", formatCoin(BigInt(s.balance), s.coin)),
    row("Minted", `${s.totalSupply.toLocaleString("en-US")} of ${COLLECTION.totalSupply.toLocaleString("en-US")} (totalSupply)`),
    row("Art", `${s.artChunks} of ${CHUNK_COUNT} chunks on chain`),
    row("Deployed", `block ${s.deployBlock}`),
  ];
}

const Schema = z.object({ json: z.boolean().default(false) });

export const status: AdminCommand = {
  name: "status",
  summary: "show each chain's owner, role holders, custody, payouts, prices, sale state, balance, supply and art",
  usage: "[--json]",
  details: [
    "Sends nothing and needs no key. Role holders come from the contract's RolesUpdated logs (checked with rolesOf).",
    "--json prints one JSON array (amounts in wei as strings).",
  ],
  options: { json: { type: "boolean" } },
  prepare: (values) => {
    const { json } = parseWith(Schema, values);
    return {
      kind: "read",
      run: async (views, env) => {
        const statuses = await Promise.all(views.map((view) => chainStatus(view, env)));
        return json ? JSON.stringify(statuses, null, 2) : statuses.map((s) => statusLines(s).join("\n")).join("\n\n");
      },
    };
  },
};
