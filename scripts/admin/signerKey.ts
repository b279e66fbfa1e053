import type { Hex } from "viem";
import { z } from "zod";
import { DEV_KEYS, isDevKey } from "@pixlings/shared/devAccounts";
import type { Env } from "@pixlings/shared/env";

/** Whose key a transaction needs: the owner's, the art admin's, or the pending owner's (to accept). */
export type SignerRole = "owner" | "artAdmin" | "pendingOwner";

/**
 * The env variables holding each role's key on public networks, tried in order. The art admin
 * and the owner default to the deployer, as the deploy's roles do (docs/deploy.md).
 */
export const KEY_VARIABLES: Readonly<Record<SignerRole, readonly string[]>> = {
  owner: ["OWNER_PRIVATE_KEY", "DEPLOYER_PRIVATE_KEY"],
  artAdmin: ["ART_ADMIN_PRIVATE_KEY", "DEPLOYER_PRIVATE_KEY"],
  pendingOwner: ["NEW_OWNER_PRIVATE_KEY"],
};

/** On local chains, the dev account that holds the role in `npm start`'s deployments. */
const LOCAL_DEV_KEY: Readonly<Record<SignerRole, keyof typeof DEV_KEYS | undefined>> = {
  owner: "owner",
  artAdmin: "owner",
  pendingOwner: undefined,
};

const ROLE_LABEL: Readonly<Record<SignerRole, string>> = { owner: "owner", artAdmin: "art admin", pendingOwner: "pending owner" };

const privateKey = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex private key");

export interface SignerKey {
  key: Hex;
  /** Where it came from, for the preview: `OWNER_PRIVATE_KEY`, `DEV_KEYS.owner (local chain)`. */
  source: string;
}

function fromVariable(variable: string, env: Env, network: string, local: boolean): SignerKey {
  const raw = env[variable];
  const parsed = privateKey.safeParse(raw);
  if (!parsed.success) throw new Error(`${variable} ${raw ? parsed.error.issues[0]!.message : "is not set"}.`);
  if (!local && isDevKey(parsed.data)) {
    throw new Error(`Refusing to use ${variable} on ${network}: it is one of anvil's public dev keys (shared/src/devAccounts.ts); anyone can sign with it.`);
  }
  return { key: parsed.data as Hex, source: variable };
}

/**
 * The key that signs for `role`. `keyEnv` names the variable to read, wherever. Otherwise local
 * chains use the dev account holding the role (whatever .env says, as the deploy does) and public
 * networks the first set variable of KEY_VARIABLES; a public dev key is refused there.
 */
export function resolveSignerKey(p: { role: SignerRole; network: string; local: boolean; keyEnv?: string; env: Env }): SignerKey {
  if (p.keyEnv) return fromVariable(p.keyEnv, p.env, p.network, p.local);
  if (p.local) {
    const dev = LOCAL_DEV_KEY[p.role];
    if (!dev) throw new Error(`The ${ROLE_LABEL[p.role]}'s key has no local default: name its variable with --key-env <VARIABLE>.`);
    return { key: DEV_KEYS[dev], source: `DEV_KEYS.${dev} (local chain)` };
  }
  const variables = KEY_VARIABLES[p.role];
  const variable = variables.find((name) => p.env[name]);
  if (!variable)
    throw new Error(`Set ${variables.join(" or ")} (the ${ROLE_LABEL[p.role]}'s key) to send on ${p.network}, or name another variable with --key-env.`);
  return fromVariable(variable, p.env, p.network, p.local);
}
