import { formatEther } from "viem";
import { pixChain } from "@pixlings/shared/chains";
import { COLLECTION } from "@pixlings/shared/collection";
import { describeSaleStep, type DeployAndUploadResult } from "./deployChain.ts";
import { formatGas } from "./progress.ts";

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: readonly string[]): string =>
    row
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  return [line(rows[0]!), rule, ...rows.slice(1).map(line)].join("\n");
}

function describeUpload(result: DeployAndUploadResult): string {
  const { written, skipped, gasUsed } = result.upload;
  if (written === 0) return `none needed (${skipped} chunks on chain)`;
  return `${written} chunks in ${(result.uploadMs / 1000).toFixed(1)} s, ${formatGas(gasUsed)}`;
}

/** One row per chain: where Pixlings is, how much art it holds, supply, prices, this run's upload, the sale. */
export function summaryTable(results: readonly DeployAndUploadResult[]): string {
  const header = ["Chain", "Address", "Pieces on chain", "Total supply", "Prices (Common / Rare / Artist)", "Contract", "Art upload", "Sale"];
  const rows = results.map((result) => {
    const { state, deployment } = result;
    const known = pixChain(state.chainId);
    const prices = state.tierPrices.map((wei) => formatEther(wei)).join(" / ");
    return [
      `${known.chain.name} (${state.chainId})`,
      state.address,
      `${state.piecesOnChain.toLocaleString("en-US")} / ${COLLECTION.totalSupply.toLocaleString("en-US")}`,
      state.totalSupply.toString(),
      `${prices} ${known.coin}`,
      deployment.outcome,
      describeUpload(result),
      describeSaleStep(result.sale),
    ];
  });
  return table([header, ...rows]);
}
