import type { Address, Hash } from "viem";
import { pixChain } from "@pixlings/shared/chains";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { ChainClients } from "./clients.ts";
import { DEV_ADDRESSES } from "./roles.ts";

/**
 * On a local chain, grants ROLE_ART_ADMIN to the API's dev art-admin key (DEV_KEYS.artAdmin) when
 * it lacks it, from the owner's wallet (`clients`); the owner keeps the role for the art upload.
 * Idempotent: a reused deployment that has the grant sends nothing. Returns the transaction, if any.
 * Public chains get their art admin from PIXLINGS_ART_ADMIN at deploy (or the operator CLI).
 */
export async function grantLocalArtAdmin(clients: ChainClients, address: Address): Promise<Hash | undefined> {
  if (!pixChain(clients.chainId).local) throw new Error(`chain ${clients.chainId} is not local: the dev art-admin key is for local chains only`);
  const { publicClient, walletClient } = clients;
  const contract = { address, abi: pixlingsAbi } as const;
  const role = await publicClient.readContract({ ...contract, functionName: "ROLE_ART_ADMIN" });
  if (await publicClient.readContract({ ...contract, functionName: "hasAnyRole", args: [DEV_ADDRESSES.artAdmin, role] })) return undefined;
  const hash = await walletClient.writeContract({ ...contract, functionName: "grantRoles", args: [DEV_ADDRESSES.artAdmin, role] });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`chain ${clients.chainId}: granting ROLE_ART_ADMIN to ${DEV_ADDRESSES.artAdmin} reverted`);
  return hash;
}
