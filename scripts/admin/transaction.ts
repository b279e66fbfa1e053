import type { Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { Env } from "@pixlings/shared/env";
import { formatCoin, readFees } from "../deploy/fees.ts";
import { UsageError, type ChainView, type PreparedCommand } from "./command.ts";
import { coverageRefusal, leftOutChains, type LeftOutChain } from "./coverage.ts";
import type { CommonOptions } from "./options.ts";
import { permissionProblem } from "./permission.ts";
import { previewLines } from "./preview.ts";
import { sendStaged, type Staged } from "./sendStaged.ts";
import { resolveSignerKey, type SignerKey } from "./signerKey.ts";
import type { AdminTarget } from "./targets.ts";
import { onNetwork, openView } from "./views.ts";

type TransactionCommand = Extract<PreparedCommand, { kind: "transaction" }>;

/** Permission, plan, gas and preview on one chain; a plan to send, or undefined when there is nothing to send. */
async function stage(command: TransactionCommand, view: ChainView, key: SignerKey, print: (line: string) => void): Promise<Staged | undefined> {
  const { target, publicClient } = view;
  const from: Address = privateKeyToAccount(key.key).address;
  return onNetwork(target, async () => {
    const roles = await publicClient.readContract({ address: view.address, abi: pixlingsAbi, functionName: "rolesOf", args: [from] });
    const problem = permissionProblem(command.signer, from, view.facts, roles);
    if (problem) throw new Error(problem);
    const plan = await command.plan(view, from);
    if (plan.kind === "nothing") {
      print(`${target.network}: nothing to send: ${plan.reason}.`);
      return undefined;
    }
    const [gas, fees, balance] = await Promise.all([
      publicClient.estimateGas({ account: from, to: view.address, data: plan.data }),
      readFees(publicClient),
      publicClient.getBalance({ address: from }),
    ]);
    // The node refuses a transaction whose gas at the max fee exceeds the sender's balance.
    if (balance < gas * fees.max) {
      throw new Error(
        `${from} holds ${formatCoin(balance, view.chain.coin)}, less than the ${formatCoin(gas * fees.max, view.chain.coin)} this call may cost; fund it first`,
      );
    }
    const lines = previewLines({
      network: target.network,
      chainName: view.chain.chain.name,
      chainId: target.chainId,
      contract: view.address,
      call: plan.call,
      effect: plan.effect,
      from,
      keySource: key.source,
      gas,
      fees,
      coin: view.chain.coin,
      notes: plan.notes ?? [],
    });
    for (const line of lines) print(line);
    return { view, key, plan };
  });
}

/**
 * The chains with a deployment the command leaves out, after refusing (offline) to leave any out
 * when the chains must not differ, unless the operator writes the named chain alone on purpose.
 */
function checkCoverage(command: TransactionCommand, targets: readonly AdminTarget[], common: CommonOptions, env: Env): LeftOutChain[] {
  const same = command.sameOnEveryChain;
  if (!same) return [];
  if (same.onlyThisChain && common.networks === "all") throw new UsageError("--only-this-chain goes with --network <name>, not --all.");
  const leftOut = leftOutChains(targets, env);
  const refusal = same.onlyThisChain ? undefined : coverageRefusal({ targets, leftOut, why: same.why });
  if (refusal) throw new Error(refusal);
  return leftOut;
}

/**
 * Runs a transaction command on every target in two passes: first, before any RPC is asked (a
 * refused key, or chains left out that must not differ, are refused offline), each chain's key;
 * then each chain's permission, plan, gas and cost, and the command's checks across the chains
 * (any refusal stops the run before anything is sent); then, only with `--yes`, the sends
 * (sendStaged: signed everywhere first, then broadcast).
 */
export async function runTransaction(
  command: TransactionCommand,
  targets: readonly AdminTarget[],
  common: CommonOptions,
  env: Env,
  print: (line: string) => void,
): Promise<void> {
  const keys = targets.map((target) => resolveSignerKey({ role: command.signer, network: target.network, local: target.local, keyEnv: common.keyEnv, env }));
  const leftOut = checkCoverage(command, targets, common, env);
  const views = await Promise.all(targets.map(openView));
  const staged: Staged[] = [];
  for (const [i, view] of views.entries()) {
    const one = await stage(command, view, keys[i]!, print);
    if (one) staged.push(one);
  }
  if (staged.length === 0) return;
  if (command.crossCheck) for (const line of await command.crossCheck({ views, leftOut, env })) print(line);
  if (!common.yes) {
    print("Nothing sent. Run the same command with --yes to send.");
    return;
  }
  await sendStaged(command, staged, print);
}
