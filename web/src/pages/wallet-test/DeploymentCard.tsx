import type { ChainInfo } from "@pixlings/shared/http/sale";
import { useQuery } from "@tanstack/react-query";
import { ui } from "../../components/ui.ts";
import { formatCount } from "../../format/format.ts";

/** A library error's first line (viem's short message), not its page of details. */
const reasonOf = (error: Error): string =>
  "shortMessage" in error && typeof error.shortMessage === "string" ? error.shortMessage : (error.message.split("\n")[0] ?? error.message);

const badge = "rounded-full px-2 py-0.5 text-xs font-semibold";

/** The spec's "contract deployment status card": is the contract at this chain's address, read live from the chain. */
export function DeploymentCard({ chain }: { chain: ChainInfo }) {
  const deployment = useQuery({
    queryKey: ["chain", chain.chainId, "deployment", chain.contract],
    queryFn: async () => (await import("./readDeployment.ts")).readDeployment(chain),
  });
  const data = deployment.data;
  const [label, tone] = deployment.isPending
    ? ["Checking...", "bg-neutral-200 text-neutral-900 dark:bg-neutral-700 dark:text-neutral-100"]
    : deployment.isError
      ? ["Unreachable", "bg-amber-200 text-amber-950"]
      : data?.deployed
        ? ["Deployed", "bg-green-700 text-white"]
        : ["Not deployed", "bg-red-700 text-white"];
  return (
    <section aria-labelledby={`deployment-${chain.chainId}`} className={`${ui.card} flex flex-col gap-2`}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={`deployment-${chain.chainId}`} className="text-lg font-bold">
          {chain.name}
        </h2>
        <span className={`${badge} ${tone}`}>{label}</span>
      </div>
      <p className={`text-sm ${ui.muted}`}>Chain ID {chain.chainId}</p>
      <p className="font-mono text-sm break-all">{chain.contract}</p>
      {deployment.isError && (
        <p role="alert" className="text-sm">
          Could not reach {chain.rpcUrl}: {reasonOf(deployment.error)}
        </p>
      )}
      {data && !data.deployed && <p className="text-sm">No contract code at this address at block {data.block.toString()}.</p>}
      {data?.deployed && (
        <dl className="grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className={ui.muted}>Block</dt>
            <dd className="font-semibold tabular-nums">{data.block.toString()}</dd>
          </div>
          <div>
            <dt className={ui.muted}>Minting</dt>
            <dd className="font-semibold">{data.mintingActive ? "Open" : "Paused"}</dd>
          </div>
          <div>
            <dt className={ui.muted}>Minted</dt>
            <dd className="font-semibold tabular-nums">{data.totalSupply === undefined ? "—" : formatCount(Number(data.totalSupply))}</dd>
          </div>
        </dl>
      )}
      <button type="button" className={`${ui.ghost} ${ui.small} self-start`} onClick={() => void deployment.refetch()} disabled={deployment.isFetching}>
        {deployment.isFetching ? "Checking..." : "Check again"}
      </button>
    </section>
  );
}
