import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { isHeldUntilDone, type Nft } from "@pixlings/shared/http/nfts";
import { queries } from "../../api/queries.ts";
import { addToCart } from "../../cart/addToCart.ts";
import { gasLabel } from "../../chains/chainName.ts";
import { usePrices } from "../../chains/usePrices.ts";
import { useSelectedChain } from "../../chains/useSelectedChain.ts";
import { ui } from "../../components/ui.ts";
import { toastForError } from "../../errors/toastForError.ts";
import { formatCoin, formatUsd } from "../../format/format.ts";
import { MintProgress } from "../../mint/MintProgress.tsx";
import type { MintStep } from "../../mint/mintSteps.ts";
import { runMint, type MintResult } from "../../mint/runMint.ts";
import { toast } from "../../toast/toastStore.ts";
import { useWallet } from "../../wallet/useWallet.ts";
import { CardPayment } from "./CardPayment.tsx";

type PaymentMethod = "crypto" | "card";

/**
 * "Mint This Pix": "Cryptocurrency" (chain choice with gas labels, price in coin and USD, the
 * wallet mint) or, when the server takes cards, "Credit Card (USD)" (CardPayment).
 */
export function MintPanel({ nft, onMinted }: { nft: Nft; onMinted(result: MintResult): void }) {
  const { chains, selected, choose } = useSelectedChain();
  const { quote } = usePrices();
  const wallet = useWallet();
  const cardConfig = useQuery(queries.cardConfig());
  const [step, setStep] = useState<MintStep | null>(null);
  const [method, setMethod] = useState<PaymentMethod>("crypto");
  const price = quote(nft.rarity);
  const minting = step !== null;
  const card = cardConfig.data?.enabled ? cardConfig.data : undefined;
  const paying: PaymentMethod = card ? method : "crypto";

  const mint = async () => {
    if (!selected) return;
    setStep("authorizing");
    try {
      const result = await runMint({ tokenIds: [nft.tokenId], chain: selected, onStep: (next) => setStep(next) });
      toast({ title: "Mint Successful!", description: `Pix #${nft.tokenId} minted successfully` });
      onMinted(result);
    } catch (error) {
      const notice = toastForError(error, "mint");
      if (notice) toast(notice);
    } finally {
      setStep(null);
    }
  };

  return (
    <section aria-labelledby="mint-title" className={`${ui.card} flex flex-col gap-4`}>
      <h2 id="mint-title" className="text-xl font-bold">
        Mint This Pix
      </h2>
      <fieldset className="flex flex-col gap-2" disabled={minting}>
        <legend className="mb-1 text-sm font-medium">Payment method</legend>
        <label className="flex cursor-pointer items-center gap-3 rounded-md border border-neutral-200 p-3 has-[:checked]:border-violet-600 dark:border-neutral-700">
          <input type="radio" name="payment-method" value="crypto" checked={paying === "crypto"} onChange={() => setMethod("crypto")} className="size-4" />
          <span className="flex-1 font-medium">Cryptocurrency ({selected?.coin ?? "ETH"})</span>
        </label>
        {card && (
          <label className="flex cursor-pointer items-center gap-3 rounded-md border border-neutral-200 p-3 has-[:checked]:border-violet-600 dark:border-neutral-700">
            <input type="radio" name="payment-method" value="card" checked={paying === "card"} onChange={() => setMethod("card")} className="size-4" />
            <span className="flex-1 font-medium">Credit Card (USD)</span>
          </label>
        )}
      </fieldset>
      {nft.reservedUntil && Date.parse(nft.reservedUntil) > Date.now() && (
        <p role="note" className="rounded-md bg-amber-100 p-2 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          {isHeldUntilDone(nft.reservedUntil)
            ? "This Pix is on hold while another order is completed: it is not for sale right now."
            : `Another buyer is minting this Pix. It is reserved until ${new Date(nft.reservedUntil).toLocaleTimeString()}; if their mint does not go through, it frees up then.`}
        </p>
      )}
      {paying === "card" && card ? (
        <CardPayment nft={nft} prices={card.prices} />
      ) : (
        <>
          <p className={`text-sm ${ui.muted}`}>Mints directly to your wallet on-chain, with no waiting period.</p>
          {chains && chains.length > 0 && (
            <fieldset className="flex flex-col gap-2" disabled={minting}>
              <legend className="mb-1 text-sm font-medium">Chain</legend>
              {chains.map((chain) => (
                <label
                  key={chain.chainId}
                  className="flex cursor-pointer items-center gap-3 rounded-md border border-neutral-200 p-3 has-[:checked]:border-violet-600 dark:border-neutral-700"
                >
                  <input
                    type="radio"
                    name="mint-chain"
                    value={chain.chainId}
                    checked={selected?.chainId === chain.chainId}
                    onChange={() => choose(chain.chainId)}
                    className="size-4"
                  />
                  <span className="flex-1 font-medium">{chain.name}</span>
                  <span className={`text-xs ${ui.muted}`}>Gas: {gasLabel(chain)}</span>
                </label>
              ))}
            </fieldset>
          )}
          <div className="flex items-baseline justify-between">
            <span className="text-sm font-medium">Price</span>
            <span className="text-right">
              <span className="block text-2xl font-extrabold" data-testid="mint-price">
                {formatCoin(price.amount, price.coin)}
              </span>
              {price.usd !== undefined && <span className={`text-sm ${ui.muted}`}>≈ {formatUsd(price.usd)}</span>}
            </span>
          </div>
          {step && <MintProgress step={step} />}
          <button type="button" className={ui.primary} onClick={() => void mint()} disabled={minting || !selected}>
            {minting ? "Minting..." : "Mint This Pix"}
          </button>
          {!wallet.address && !minting && <p className={`text-xs ${ui.muted}`}>You will be asked to connect a wallet and sign in with Ethereum.</p>}
        </>
      )}
      <button type="button" className={ui.secondary} onClick={() => addToCart(nft)} disabled={minting}>
        Add to cart
      </button>
    </section>
  );
}
