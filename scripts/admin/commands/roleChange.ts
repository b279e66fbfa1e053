import { encodeFunctionData, zeroAddress } from "viem";
import { z } from "zod";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { AdminCommand } from "../command.ts";
import { ROLE_NAMES, type RoleName } from "../facts.ts";
import { addressOption, parseWith } from "../options.ts";

const Schema = z.object({
  role: z.enum(ROLE_NAMES as [RoleName, ...RoleName[]], { message: `must be one of ${ROLE_NAMES.join(", ")}` }),
  address: addressOption.refine((address) => address !== zeroAddress, "must not be the zero address"),
});

/** What the API does with each role's key, for the preview's note. */
const ROLE_USE: Readonly<Record<RoleName, string>> = {
  signer: "signs the API's mint vouchers (MINT_SIGNER_PRIVATE_KEY)",
  minter: "mints card and freemint sales to custody",
  "art-admin": "writes and replaces art (approved artist submissions)",
};

/** `grant-role` (grant true) or `revoke-role`: grantRoles / revokeRoles of one role, as the owner. */
export function roleChangeCommand(grant: boolean): AdminCommand {
  return {
    name: grant ? "grant-role" : "revoke-role",
    summary: grant ? "give an address a role (grantRoles)" : "take a role from an address (revokeRoles)",
    usage: `--role <${ROLE_NAMES.join("|")}> --address <address>`,
    details: [
      ...ROLE_NAMES.map((role) => `${role}: ${ROLE_USE[role]}.`),
      "Outside local chains the owner's key never holds these roles: the API holds their keys (docs/deploy.md).",
      "status lists every holder. Needs the owner's key.",
    ],
    options: { role: { type: "string" }, address: { type: "string" } },
    prepare: (values) => {
      const { role, address } = parseWith(Schema, values);
      return {
        kind: "transaction",
        signer: "owner",
        plan: async (view) => {
          const bit = view.facts.roles[role];
          const roles = await view.publicClient.readContract({ address: view.address, abi: pixlingsAbi, functionName: "rolesOf", args: [address] });
          const holds = (roles & bit) !== 0n;
          if (holds === grant) return { kind: "nothing", reason: `${address} ${grant ? "already holds" : "does not hold"} the ${role} role` };
          const notes =
            grant && !view.target.local && address === view.facts.owner ? [`${address} is the owner: keep the owner's key apart from the API's keys`] : [];
          const functionName = grant ? "grantRoles" : "revokeRoles";
          return {
            kind: "send",
            data: encodeFunctionData({ abi: pixlingsAbi, functionName, args: [address, bit] }),
            call: `${functionName}(${address}, ${bit})`,
            effect: `${grant ? "grant" : "revoke"} the ${role} role ${grant ? "to" : "from"} ${address}`,
            notes,
          };
        },
        outcome: async (view) => {
          const roles = await view.publicClient.readContract({ address: view.address, abi: pixlingsAbi, functionName: "rolesOf", args: [address] });
          return `${address} ${(roles & view.facts.roles[role]) !== 0n ? "now holds" : "no longer holds"} the ${role} role`;
        },
      };
    },
  };
}
