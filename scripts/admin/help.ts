import type { AdminCommand } from "./command.ts";
import { COMMON_USAGE } from "./options.ts";
import { KEY_VARIABLES } from "./signerKey.ts";

/** `npm run admin -- --help`: every command in one line each, and the common options. */
export function generalHelp(commands: readonly AdminCommand[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    "Usage: npm run admin -- <command> [options]",
    `       npm run admin -- <command> ${COMMON_USAGE}`,
    "",
    "Commands:",
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    ...commonHelp(),
    "",
    "npm run admin -- <command> --help shows a command's options.",
  ].join("\n");
}

function commonHelp(): string[] {
  return [
    "Every command:",
    "  --network <name>     the network, as for npm run deploy: localEthereum, localPolygon, sepolia, amoy",
    "  --all                every network with an RPC URL and a recorded deployment (deployments/<chainId>.json)",
    "  --yes                send; without it a command shows what it would send, its gas and cost, and sends nothing",
    "  --key-env <NAME>     read the signing key from the environment variable NAME",
    "Keys come from the environment (or .env), never from a file or the command line. Public networks:",
    `  owner ${KEY_VARIABLES.owner.join(" or ")}; art admin ${KEY_VARIABLES.artAdmin.join(" or ")}; pending owner ${KEY_VARIABLES.pendingOwner.join(", ")};`,
    "  anvil's public dev keys are refused there. Local chains use the dev account of the role unless --key-env is given.",
  ];
}

/** `npm run admin -- <command> --help`. */
export function commandHelp(command: AdminCommand): string {
  return [
    `Usage: npm run admin -- ${command.name} ${command.usage ? `${command.usage} ` : ""}${COMMON_USAGE}`,
    "",
    `${command.name}: ${command.summary}.`,
    ...command.details.map((line) => `  ${line}`),
    "",
    ...commonHelp(),
  ].join("\n");
}
