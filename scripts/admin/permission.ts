import type { Address } from "viem";
import type { ContractFacts } from "./facts.ts";
import type { SignerRole } from "./signerKey.ts";

const same = (a: Address, b: Address): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * Why `from` may not send a call that needs `role`, or undefined when it may. `rolesOfFrom` is
 * the contract's `rolesOf(from)`. Checked before any gas estimate, so a wrong key is named, not a revert.
 */
export function permissionProblem(role: SignerRole, from: Address, facts: ContractFacts, rolesOfFrom: bigint): string | undefined {
  switch (role) {
    case "owner":
      return same(from, facts.owner) ? undefined : `${from} is not the owner (the owner is ${facts.owner}); use the owner's key`;
    case "artAdmin":
      return (rolesOfFrom & facts.roles["art-admin"]) !== 0n
        ? undefined
        : `${from} does not hold the art admin role (grant it with grant-role --role art-admin)`;
    case "pendingOwner":
      if (!facts.pendingOwner) return "no ownership transfer is pending (start one with transfer-ownership)";
      return same(from, facts.pendingOwner) ? undefined : `${from} is not the pending owner (${facts.pendingOwner}); use the new owner's key`;
  }
}
