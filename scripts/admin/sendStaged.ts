import { createWalletClient, http, type Hash, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { formatCoin } from "../deploy/fees.ts";
import type { ChainView, PreparedCommand, TransactionPlan } from "./command.ts";
import { readFacts } from "./facts.ts";
import { formatGas } from "./preview.ts";
import type { SignerKey } from "./signerKey.ts";
import { onNetwork } from "./views.ts";

type TransactionCommand = Extract<PreparedCommand, { kind: "transaction" }>;

/** One chain's call, planned, previewed and checked: ready to sign. */
export interface Staged {
  view: ChainView;
  key: SignerKey;
  plan: Extract<TransactionPlan, { kind: "send" }>;
}

/** The call signed with the chain's pending nonce and current fees, not yet sent. */
async function sign(staged: Staged): Promise<Hex> {
  const { view, key, plan } = staged;
  return onNetwork(view.target, async () => {
    const wallet = createWalletClient({ account: privateKeyToAccount(key.key), chain: view.chain.chain, transport: http(view.target.url) });
    const request = await wallet.prepareTransactionRequest({ to: view.address, data: plan.data });
    return wallet.signTransaction(request);
  });
}

/** Waits for the receipt of `hash`, and prints the result and the new state. */
async function confirm(command: TransactionCommand, staged: Staged, hash: Hash, print: (line: string) => void): Promise<void> {
  const { view } = staged;
  const { target, publicClient } = view;
  await onNetwork(target, async () => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted in block ${receipt.blockNumber}`);
    const paid = receipt.gasUsed * receipt.effectiveGasPrice;
    print(`${target.network}: confirmed in block ${receipt.blockNumber}: gas used ${formatGas(receipt.gasUsed)}, paid ${formatCoin(paid, view.chain.coin)}`);
    const fresh = { ...view, facts: await readFacts(publicClient, view.address) };
    print(`${target.network}: ${await command.outcome(fresh)}`);
  });
}

/** What to say when some chains are done and others not. */
function unfinished(command: TransactionCommand, done: readonly string[], notDone: readonly string[]): string {
  const where = done.length === 0 ? "Confirmed on no chain." : `Confirmed on ${done.join(" and ")}; NOT on ${notDone.join(" and ")}.`;
  if (done.length === 0) return where;
  return command.sameOnEveryChain
    ? `${where} The chains differ now: run the same command again to finish (a chain already done sends nothing).`
    : `${where} To finish, run it again with --network ${notDone.join(", or --network ")}.`;
}

/**
 * Sends the staged calls: signed on every chain first (a chain whose RPC fails then fails before
 * any chain is written), then broadcast one chain after the other, then every receipt waited for.
 * A chain that fails does not stop the others; the error names each failure, which chains are done
 * and how to finish.
 */
export async function sendStaged(command: TransactionCommand, staged: readonly Staged[], print: (line: string) => void): Promise<void> {
  const signed: Hex[] = [];
  for (const one of staged) {
    try {
      signed.push(await sign(one));
    } catch (error) {
      throw new Error(`${(error as Error).message}\nNothing was sent.`, { cause: error });
    }
  }
  const failures: string[] = [];
  const sent: { one: Staged; hash: Hash }[] = [];
  for (const [i, one] of staged.entries()) {
    try {
      const hash = await onNetwork(one.view.target, () => one.view.publicClient.sendRawTransaction({ serializedTransaction: signed[i]! }));
      print(`${one.view.target.network}: sent ${hash}; waiting for the receipt`);
      sent.push({ one, hash });
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  const results = await Promise.allSettled(sent.map(({ one, hash }) => confirm(command, one, hash, print)));
  for (const result of results) if (result.status === "rejected") failures.push((result.reason as Error).message);
  if (failures.length === 0) return;
  const done = sent.filter((_, i) => results[i]!.status === "fulfilled").map(({ one }) => one.view.target.network);
  const notDone = staged.map((one) => one.view.target.network).filter((network) => !done.includes(network));
  throw new Error([...failures, unfinished(command, done, notDone)].join("\n"));
}
