import { CELL_COUNT } from "@pixlings/shared/collection";
import { shortAddress } from "../format/format.ts";
import { CellsPreview } from "./CellsPreview.tsx";
import { describeDifferences } from "./compareCells.ts";
import type { ChainVerdict } from "./runVerification.ts";

const TONE = {
  good: "border-green-300 bg-green-50 text-green-950 dark:border-green-800 dark:bg-green-950 dark:text-green-100",
  bad: "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
  unsure: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100",
};

/** Where a reading came from: the function, the contract (linked to the explorer when there is one), the block and the chain. */
function Provenance({ verdict }: { verdict: Extract<ChainVerdict, { art: unknown }> }) {
  const { chain, art } = verdict;
  const contractUrl = chain.explorerUrl ? `${chain.explorerUrl.replace(/\/+$/, "")}/address/${chain.contract}` : undefined;
  return (
    <p className="text-xs">
      Read <code>{art.source}</code> from contract{" "}
      {contractUrl ? (
        <a href={contractUrl} target="_blank" rel="noreferrer" className="font-mono underline" title={chain.contract}>
          {shortAddress(chain.contract)}
        </a>
      ) : (
        <span className="font-mono" title={chain.contract}>
          {shortAddress(chain.contract)}
        </span>
      )}{" "}
      at block <span className="tabular-nums">{art.block.toString()}</span> on {chain.name} (chain {chain.chainId}).
    </p>
  );
}

/** One chain's answer: matches, differs (naming the cells), or could not be read, and from where. */
export function ChainVerdictItem({ verdict }: { verdict: ChainVerdict }) {
  const { chain } = verdict;
  switch (verdict.kind) {
    case "match":
      return (
        <li className={`flex gap-3 rounded-md border p-3 ${TONE.good}`}>
          <CellsPreview cells={verdict.art.cells} label={`The art on ${chain.name}`} />
          <div className="flex flex-col gap-1">
            <p className="font-semibold">
              {chain.name}: matches. All {CELL_COUNT} pixels on-chain are the image shown here.
            </p>
            <Provenance verdict={verdict} />
          </div>
        </li>
      );
    case "mismatch":
      return (
        <li className={`flex gap-3 rounded-md border p-3 ${TONE.bad}`}>
          <CellsPreview
            cells={verdict.art.cells}
            marked={verdict.differences.map((d) => d.cell)}
            label={`The art on ${chain.name}, differing cells outlined`}
          />
          <div className="flex flex-col gap-1">
            <p className="font-semibold">
              {chain.name}: does not match. {verdict.differences.length} of {CELL_COUNT} pixels differ from the image the shop serves.
            </p>
            <p className="text-sm break-words">Differing: {describeDifferences(verdict.differences)}.</p>
            <Provenance verdict={verdict} />
          </div>
        </li>
      );
    case "unchecked":
      return (
        <li className={`flex gap-3 rounded-md border p-3 ${TONE.unsure}`}>
          <CellsPreview cells={verdict.art.cells} label={`The art on ${chain.name}`} />
          <div className="flex flex-col gap-1">
            <p className="font-semibold">{chain.name}: read, but not compared: the shop's image could not be loaded.</p>
            <Provenance verdict={verdict} />
          </div>
        </li>
      );
    case "unreachable":
      return (
        <li className={`flex flex-col gap-1 rounded-md border p-3 ${TONE.unsure}`}>
          <p className="font-semibold">{chain.name}: could not be reached, so this Pix is not verified there.</p>
          <p className="text-sm break-words">
            Its public RPC (<span className="font-mono">{chain.rpcUrl}</span>) did not answer: {verdict.reason}
          </p>
        </li>
      );
    case "unreadable":
      return (
        <li className={`flex flex-col gap-1 rounded-md border p-3 ${TONE.bad}`}>
          <p className="font-semibold">{chain.name}: answered, but not with this Pix's art, so it is not verified there.</p>
          <p className="text-sm break-words">{verdict.reason}</p>
        </li>
      );
  }
}
