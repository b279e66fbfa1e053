import { useId } from "react";
import { useSelectedChain } from "../chains/useSelectedChain.ts";
import { ui } from "./ui.ts";

/** Pick the chain among those on sale; stored as preferredChain. */
export function ChainSelect({ label = "Chain" }: { label?: string }) {
  const id = useId();
  const { chains, selected, choose } = useSelectedChain();
  if (!chains || chains.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} className={ui.field} value={selected?.chainId ?? ""} onChange={(event) => choose(Number(event.target.value))}>
        {chains.map((chain) => (
          <option key={chain.chainId} value={chain.chainId}>
            {chain.name} ({chain.coin})
          </option>
        ))}
      </select>
    </div>
  );
}
