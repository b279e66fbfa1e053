import { createWalletClient, http, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { Env } from "@pixlings/shared/env";
import { formatCoin, readFees } from "../deploy/fees.ts";
import type { ChainView, PreparedCommand, TransactionPlan } from "./command.ts";
import { readFacts } from "./facts.ts";
import type { CommonOptions } from "./options.ts";
import { permissionProblem } from "./permission.ts";
import { formatGas, previewLines } from "./preview.ts";
import { resolveSignerKey, type SignerKey } from "./signerKey.ts";
import type { AdminTarget } from "./targets.ts";
import { onNetwork, openView } from "./views.ts";

type TransactionCommand = Extract<PreparedCommand, { kind: "transaction" }>;

interface Staged {
  view: ChainView;
  key: SignerKey;
  plan: Extract<TransactionPlan, { kind: "send" }>;
}

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

/** Sends one staged call, waits for its receipt, and prints the result and the new state. */
async function send(command: TransactionCommand, staged: Staged, print: (line: string) => void): Promise<void> {
  const { view, key, plan } = staged;
  const { target, publicClient } = view;
  await onNetwork(target, async () => {
    const wallet = createWalletClient({ account: privateKeyToAccount(key.key), chain: view.chain.chain, transport: http(target.url) });
    const hash = await wallet.sendTransaction({ to: view.address, data: plan.data });
    print(`${target.network}: sent ${hash}; waiting for the receipt`);
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted in block ${receipt.blockNumber}`);
    const paid = receipt.gasUsed * receipt.effectiveGasPrice;
    print(`${target.network}: confirmed in block ${receipt.blockNumber}: gas used ${formatGas(receipt.gasUsed)}, paid ${formatCoin(paid, view.chain.coin)}`);
    const fresh = { ...view, facts: await readFacts(publicClient, view.address) };
    print(`${target.network}: ${await command.outcome(fresh)}`);
  });
}

/**
 * Runs a transaction command on every target in two passes: first each chain's key (before any
 * RPC is asked: a refused key is refused offline), permission, plan, gas and cost (any refusal
 * stops the run before anything is sent), then, only with `--yes`, the sends, one chain after
 * the other, each waited for.
 */
export async function runTransaction(
  command: TransactionCommand,
  targets: readonly AdminTarget[],
  common: CommonOptions,
  env: Env,
  print: (line: string) => void,
): Promise<void> {
  const keys = targets.map((target) => resolveSignerKey({ role: command.signer, network: target.network, local: target.local, keyEnv: common.keyEnv, env }));
  const views = await Promise.all(targets.map(openView));
  const staged: Staged[] = [];
  for (const [i, view] of views.entries()) {
    const one = await stage(command, view, keys[i]!, print);
    if (one) staged.push(one);
  }
  if (staged.length === 0) return;
  if (!common.yes) {
    print("Nothing sent. Run the same command with --yes to send.");
    return;
  }
  for (const one of staged) await send(command, one, print);
}
