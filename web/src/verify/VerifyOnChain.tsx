import { CELL_COUNT } from "@pixlings/shared/collection";
import type { ChainInfo } from "@pixlings/shared/http/sale";
import type { Nft } from "@pixlings/shared/http/nfts";
import { useState } from "react";
import { ui } from "../components/ui.ts";
import { ChainVerdictItem } from "./ChainVerdictItem.tsx";
import type { Verification } from "./runVerification.ts";
import { verdictSummary } from "./verdictSummary.ts";

type State = { status: "idle" } | { status: "running" } | { status: "done"; result: Verification } | { status: "failed"; reason: string };

/**
 * "Verify on-chain": reads the Pix from every chain's contract over its public RPC, in this
 * browser, and compares its 81 pixels with the image the shop serves. The reading code (viem, the
 * ABI, the codec) loads only when pressed.
 */
export function VerifyOnChain({ nft, chains }: { nft: Pick<Nft, "tokenId" | "imageUrl">; chains: readonly ChainInfo[] | undefined }) {
  const [state, setState] = useState<State>({ status: "idle" });
  const running = state.status === "running";

  const verify = async () => {
    if (!chains || running) return;
    setState({ status: "running" });
    try {
      const { runVerification } = await import("./runVerification.ts");
      setState({ status: "done", result: await runVerification(chains, nft.tokenId, nft.imageUrl) });
    } catch (error) {
      setState({ status: "failed", reason: error instanceof Error ? error.message : String(error) });
    }
  };

  const summary = state.status === "done" ? verdictSummary(state.result) : undefined;
  return (
    <section aria-labelledby="verify-title" className={`${ui.card} flex flex-col gap-3`}>
      <h2 id="verify-title" className="text-lg font-bold">
        Verify on-chain
      </h2>
      <p className={`text-sm ${ui.muted}`}>
        Read this Pix straight from the contract on each chain, in your browser, and check its {CELL_COUNT} pixels against the image shown here.
      </p>
      <button type="button" className={`${ui.secondary} self-start`} onClick={() => void verify()} disabled={running || !chains}>
        {running ? "Reading the chains..." : state.status === "done" ? "Verify again" : "Verify on-chain"}
      </button>
      {/* Always there, so screen readers announce the verdict when it arrives. */}
      <p role="status" className={`font-semibold empty:hidden ${summary?.verified ? "text-green-800 dark:text-green-300" : "text-red-800 dark:text-red-300"}`}>
        {summary?.text ?? (state.status === "failed" ? `Could not verify: ${state.reason}` : "")}
      </p>
      {state.status === "done" && (
        <>
          {state.result.shopProblem && <p className="text-sm">The shop's image could not be loaded: {state.result.shopProblem}</p>}
          <ul className="flex flex-col gap-2" aria-label="Each chain">
            {state.result.chains.map((verdict) => (
              <ChainVerdictItem key={verdict.chain.chainId} verdict={verdict} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
