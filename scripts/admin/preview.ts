import { formatGwei, type Address } from "viem";
import { formatCoin, type Fees } from "../deploy/fees.ts";

export function formatGas(gas: bigint): string {
  return gas.toLocaleString("en-US");
}

export interface TransactionPreview {
  network: string;
  chainName: string;
  chainId: number;
  contract: Address;
  call: string;
  effect: string;
  from: Address;
  keySource: string;
  gas: bigint;
  fees: Fees;
  coin: string;
  notes: readonly string[];
}

/** The lines shown before sending: where, what, from which key, the gas and what it costs. */
export function previewLines(p: TransactionPreview): string[] {
  const likely = p.gas * p.fees.likely;
  const most = p.gas * p.fees.max;
  return [
    `${p.network}: ${p.effect}`,
    `  Chain      ${p.chainName} (${p.chainId})`,
    `  Contract   ${p.contract}`,
    `  Call       ${p.call}`,
    `  From       ${p.from} (key from ${p.keySource})`,
    `  Gas        ${formatGas(p.gas)} (estimated)`,
    `  Cost       about ${formatCoin(likely, p.coin)} at ${formatGwei(p.fees.likely)} gwei; at most ${formatCoin(most, p.coin)} at ${formatGwei(p.fees.max)} gwei`,
    ...p.notes.map((note) => `  Note       ${note}`),
  ];
}
