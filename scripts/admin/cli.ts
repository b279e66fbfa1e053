// `npm run admin -- <command> [options]`: the operator's commands for every owner and role action
// of the contract, on the local chains and on Sepolia / Amoy (docs/deploy.md, "Operator CLI").
import { pixChain } from "@pixlings/shared/chains";
import { loadDotEnv } from "@pixlings/shared/node/dotEnv";
import { runMain } from "../cli.ts";
import { UsageError, type AdminCommand, type ChainView } from "./command.ts";
import { COMMANDS } from "./commands/index.ts";
import { commandHelp, generalHelp } from "./help.ts";
import { parseCommandLine } from "./options.ts";
import { resolveTargets } from "./targets.ts";
import { runTransaction } from "./transaction.ts";
import { openView } from "./views.ts";

function findCommand(name: string): AdminCommand {
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) throw new UsageError(`Unknown command "${name}". Commands: ${COMMANDS.map((c) => c.name).join(", ")}.`);
  return command;
}

async function run(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h") {
    console.log(generalHelp(COMMANDS));
    return name === undefined ? 2 : 0;
  }
  const command = findCommand(name);
  const { common, values } = parseCommandLine(rest, command.options);
  if (common.help) {
    console.log(commandHelp(command));
    return 0;
  }
  const prepared = command.prepare(values);
  const targets = resolveTargets(common.networks, process.env);
  if (command.amountsInCoin && new Set(targets.map((t) => pixChain(t.chainId).coin)).size > 1) {
    throw new UsageError(`${command.name} takes amounts in one coin: run it per network, not with --all across ETH and POL chains.`);
  }
  if (prepared.kind === "read") {
    // A chain that cannot be read is reported; the others are still shown.
    const opened = await Promise.allSettled(targets.map(openView));
    const views = opened.filter((o): o is PromiseFulfilledResult<ChainView> => o.status === "fulfilled").map((o) => o.value);
    const failures = opened.filter((o): o is PromiseRejectedResult => o.status === "rejected").map((o) => (o.reason as Error).message);
    if (views.length > 0) console.log(await prepared.run(views, process.env));
    for (const failure of failures) console.error(failure);
    return failures.length > 0 ? 1 : 0;
  }
  await runTransaction(prepared, targets, common, process.env, (line) => console.log(line));
  return 0;
}

runMain(async () => {
  loadDotEnv();
  try {
    return await run(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    const name = process.argv[2];
    const pointer = name && COMMANDS.some((c) => c.name === name) ? `npm run admin -- ${name} --help` : "npm run admin -- --help";
    console.error(`${error.message}\nSee \`${pointer}\`.`);
    return 2;
  }
});
