import type { Address, Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { ANVIL_KEYS, DEV_KEYS, isDevKey, type DevRole } from "@pixlings/shared/devAccounts";
import type { ScriptEnv } from "../env.ts";

/** The addresses a deployment gives a role or a payout, as named in `Pixlings.Setup`. */
export interface SetupAddresses {
  owner: Address;
  signer: Address;
  minter: Address;
  artAdmin: Address;
  custody: Address;
  withdrawRecipient: Address;
  royaltyReceiver: Address;
}

/** The env variable that sets each address of a deployment to a non-local chain. */
const SETUP_ADDRESS_VARIABLE = {
  owner: "PIXLINGS_OWNER",
  signer: "PIXLINGS_SIGNER",
  minter: "PIXLINGS_MINTER",
  artAdmin: "PIXLINGS_ART_ADMIN",
  custody: "PIXLINGS_CUSTODY",
  withdrawRecipient: "PIXLINGS_WITHDRAW_RECIPIENT",
  royaltyReceiver: "PIXLINGS_ROYALTY_RECEIVER",
} as const satisfies Record<keyof SetupAddresses, keyof ScriptEnv>;

/**
 * Keys the API holds: each must be set and must not be the owner's outside local chains, so the
 * API never needs the owner's key (docs/design.md#keys).
 */
const SEPARATE_FROM_OWNER = ["signer", "minter", "custody"] as const satisfies readonly (keyof SetupAddresses)[];

/** The dev accounts' addresses by role, derived from DEV_KEYS. */
export const DEV_ADDRESSES: Readonly<Record<DevRole, Address>> = {
  owner: privateKeyToAccount(DEV_KEYS.owner).address,
  signer: privateKeyToAccount(DEV_KEYS.signer).address,
  minter: privateKeyToAccount(DEV_KEYS.minter).address,
  custody: privateKeyToAccount(DEV_KEYS.custody).address,
  artAdmin: privateKeyToAccount(DEV_KEYS.artAdmin).address,
};

/** Anvil's 20 public accounts (#0..#19), lower case, in order. */
const ANVIL_ADDRESSES: readonly string[] = ANVIL_KEYS.map((key) => privateKeyToAccount(key).address.toLowerCase());

/** How to name `address` if it is one of anvil's public accounts (`DEV_KEYS.signer`, `anvil #7`), else undefined. */
function devAccountName(address: Address): string | undefined {
  const role = (Object.keys(DEV_ADDRESSES) as DevRole[]).find((r) => DEV_ADDRESSES[r].toLowerCase() === address.toLowerCase());
  if (role) return `DEV_KEYS.${role}`;
  const index = ANVIL_ADDRESSES.indexOf(address.toLowerCase());
  return index === -1 ? undefined : `anvil #${index}`;
}

/**
 * The roles of the local chains: the deployer (DEV_KEYS.owner in `npm start` and
 * `npm run deploy`) owns the contract, uploads the art and receives payouts; signer, minter and
 * custody are the dev accounts of those roles, whose keys the API uses in development.
 */
export function localSetupAddresses(deployer: Address): SetupAddresses {
  return {
    owner: deployer,
    signer: DEV_ADDRESSES.signer,
    minter: DEV_ADDRESSES.minter,
    artAdmin: deployer,
    custody: DEV_ADDRESSES.custody,
    withdrawRecipient: deployer,
    royaltyReceiver: deployer,
  };
}

/**
 * The roles of a deployment to a non-local chain, from the PIXLINGS_* variables. Owner, art admin
 * and payouts default to the deployer; signer, minter and custody have no default. Throws one
 * message naming every unset variable; `checkPublicSetup` judges the values.
 */
export function publicSetupAddresses(env: ScriptEnv, deployer: Address, chainName: string): SetupAddresses {
  const unset = SEPARATE_FROM_OWNER.filter((role) => env[SETUP_ADDRESS_VARIABLE[role]] === undefined);
  if (unset.length > 0) {
    const names = unset.map((role) => SETUP_ADDRESS_VARIABLE[role]).join(", ");
    throw new Error(
      `Refusing to deploy to ${chainName}: set ${names} (see .env.example). Outside the local chains the signer, ` +
        `minter and custody are addresses of their own, never the owner's, so the API never holds the owner's key.`,
    );
  }
  return {
    owner: env.PIXLINGS_OWNER ?? deployer,
    signer: env.PIXLINGS_SIGNER!,
    minter: env.PIXLINGS_MINTER!,
    artAdmin: env.PIXLINGS_ART_ADMIN ?? deployer,
    custody: env.PIXLINGS_CUSTODY!,
    withdrawRecipient: env.PIXLINGS_WITHDRAW_RECIPIENT ?? deployer,
    royaltyReceiver: env.PIXLINGS_ROYALTY_RECEIVER ?? deployer,
  };
}

/**
 * What is wrong with a setup for a non-local chain (empty: nothing): signer, minter or custody
 * equal to the owner, or any address one of anvil's 20 public dev accounts.
 */
export function publicSetupProblems(setup: SetupAddresses): string[] {
  const problems: string[] = [];
  for (const role of SEPARATE_FROM_OWNER) {
    if (setup[role].toLowerCase() === setup.owner.toLowerCase()) {
      problems.push(
        `${SETUP_ADDRESS_VARIABLE[role]} (${setup[role]}) is the owner (${SETUP_ADDRESS_VARIABLE.owner}, default the deployer); give the ${role} an address of its own`,
      );
    }
  }
  for (const field of Object.keys(SETUP_ADDRESS_VARIABLE) as (keyof SetupAddresses)[]) {
    const dev = devAccountName(setup[field]);
    if (dev) {
      problems.push(`${SETUP_ADDRESS_VARIABLE[field]} (${setup[field]}) is the public dev account ${dev}; anyone has its key`);
    }
  }
  return problems;
}

/** Throws unless `setup` is fit for a non-local chain (see publicSetupProblems). */
export function checkPublicSetup(setup: SetupAddresses, chainName: string): void {
  const problems = publicSetupProblems(setup);
  if (problems.length > 0) throw new Error(`Refusing to deploy to ${chainName}:\n${problems.map((p) => `  ${p}`).join("\n")}`);
}

/** Throws when the deployer key for a non-local chain is one of the public dev keys. */
export function checkPublicDeployerKey(privateKey: Hex, chainName: string): void {
  if (isDevKey(privateKey)) {
    throw new Error(
      `Refusing to deploy to ${chainName}: DEPLOYER_PRIVATE_KEY is one of anvil's public dev keys (shared/src/devAccounts.ts); use a key of your own.`,
    );
  }
}
