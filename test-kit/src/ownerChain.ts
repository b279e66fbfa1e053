import type { Address } from "viem";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { freePort } from "@pixlings/scripts/chains/freePort";
import { startLocalChain, type LocalChain } from "@pixlings/scripts/chains/localChain";
import { connectChain, type ChainClients } from "@pixlings/scripts/deploy/clients";
import { defaultSetup, deployPixlings, type PixlingsSetup } from "@pixlings/scripts/deploy/pixlings";

// For tests that deploy contracts their own way. Packages below scripts/ (the API) reach the
// deploy code only through test-kit: they must not depend on scripts/, which depends on them.

export { freePort };

/** A bare anvil (no contract yet) and clients whose wallet is DEV_KEYS.owner. */
export interface OwnerChain {
  local: LocalChain;
  clients: ChainClients;
}

/** anvil on `port` (a free one by default), loading and dumping `stateFile` when given. */
export async function startOwnerChain(chainId: number, options: { port?: number; stateFile?: string } = {}): Promise<OwnerChain> {
  const local = await startLocalChain({ chainId, port: options.port ?? (await freePort()), ...(options.stateFile ? { stateFile: options.stateFile } : {}) });
  try {
    return { local, clients: await connectChain({ chainId, url: local.url, privateKey: DEV_KEYS.owner }) };
  } catch (error) {
    await local.stop();
    throw error;
  }
}

/** Pixlings deployed by the owner's key with the local setup (sale closed), `overrides` winning. */
export async function deployPixlingsWith(c: OwnerChain, overrides: Partial<PixlingsSetup>): Promise<Address> {
  const deployer = c.clients.walletClient.account.address;
  return (await deployPixlings({ ...c.clients, setup: defaultSetup(c.clients.chainId, deployer, overrides) })).address;
}
