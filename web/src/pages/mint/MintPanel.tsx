import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { isHeldUntilDone, type Nft } from "@pixlings/shared/http/nfts";
import { queries } from "../../api/queries.ts";
import { displayName } from "../../cart/addToCart.ts";
import { CardPriceComparison } from "../../card/CardPriceComparison.tsx";
import { cardPriceCents, formatCents } from "../../card/cardPrices.ts";
import { gasLabel } from "../../chains/chainName.ts";
import { usePrices } from "../../chains/usePrices.ts";
import { useSelectedChain } from "../../chains/useSelectedChain.ts";
import { CartToggle } from "../../components/CartToggle.tsx";
import { ui } from "../../components/ui.ts";
import { toastForError } from "../../errors/toastForError.ts";
import { formatCoin, formatUsd } from "../../format/format.ts";
import { MintProgress } from "../../mint/MintProgress.tsx";
import { mintButtonLabel } from "../../mint/mintSteps.ts";
import { runMint, type MintResult } from "../../mint/runMint.ts";
import { useMintProgress } from "../../mint/useMintProgress.ts";
import { toast } from "../../toast/toastStore.ts";
import { NoWalletHelp } from "../../wallet/NoWalletHelp.tsx";
import { useNoWallet } from "../../wallet/useNoWallet.ts";
import { useWallet } from "../../wallet/useWallet.ts";
import { CardPayment } from "./CardPayment.tsx";
import { GasTip } from "./GasTip.tsx";
import { StickyBuyBar } from "./StickyBuyBar.tsx";

type PaymentMethod = "crypto" | "card";

/**
 * "Mint This Pix": "Cryptocurrency" (chain choice with gas labels, price in coin and USD, the
 * wallet mint) or, when the server takes cards, "Credit Card (USD)" (CardPayment). Without any
 * wallet in the browser it says so before anything starts, with the way to a wallet app's browser
 * on phones and the card alternative.
 */
export function MintPanel({ nft, onMinted }: { nft: Nft; onMinted(result: MintResult): void }) {
  const { chains, selected, choose } = useSelectedChain();
  const { quote } = usePrices();
  const wallet = useWallet();
  const noWallet = useNoWallet();
  const cardConfig = useQuery(queries.cardConfig());
  const progress = useMintProgress();
  const [method, setMethod] = useState<PaymentMethod>("crypto");
  const [askedWithoutWallet, setAskedWithoutWallet] = useState(false);
  const buySection = useRef<HTMLDivElement>(null);
  const price = quote(nft.rarity);
  const minting = progress.running;
  const card = cardConfig.data?.enabled ? cardConfig.data : undefined;
  const paying: PaymentMethod = card ? method : "crypto";

  const mint = async () => {
    if (!selected || progress.running) return;
    if (noWallet) {
      // Nothing to connect: no step starts, the panel says why and what to do instead.
      setAskedWithoutWallet(true);
      return;
    }
    progress.start();
    try {
      const result = await runMint({ tokenIds: [nft.tokenId], chain: selected, onStep: progress.onStep });
      toast({ title: "Mint Successful!", description: `Pix #${nft.tokenId} minted successfully` });
      onMinted(result);
    } catch (error) {
      const notice = toastForError(error, "mint");
      if (notice) toast(notice);
    } finally {
      progress.finish();
    }
  };

  const barPrice = paying === "card" && card ? `${formatCents(cardPriceCents(card.prices, nft.rarity))} by card` : formatCoin(price.amount, price.coin);

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
        {/* Its place is kept, unseen, while the card settings load: the chain choice below must not
            move under a pointer when they arrive (a click meant for Local Polygon landed on Local Ethereum). */}
        {(card || cardConfig.isPending) && (
          <label
            aria-hidden={card ? undefined : true}
            className={`flex cursor-pointer items-center gap-3 rounded-md border border-neutral-200 p-3 has-[:checked]:border-violet-600 dark:border-neutral-700 ${card ? "" : "invisible"}`}
          >
            <input
              type="radio"
              name="payment-method"
              value="card"
              checked={paying === "card"}
              disabled={!card}
              onChange={() => setMethod("card")}
              className="size-4"
            />
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
      <div ref={buySection} className="flex flex-col gap-4">
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
            {chains && chains.length > 0 && <GasTip chains={chains} />}
            <div className="flex items-baseline justify-between">
              <span className="text-sm font-medium">Price</span>
              <span className="text-right">
                <span className="block text-2xl font-extrabold" data-testid="mint-price">
                  {formatCoin(price.amount, price.coin)}
                </span>
                {price.usd !== undefined && <span className={`text-sm ${ui.muted}`}>≈ {formatUsd(price.usd)}</span>}
              </span>
            </div>
            {card && <CardPriceComparison rarities={[nft.rarity]} cardCents={cardPriceCents(card.prices, nft.rarity)} />}
            {noWallet && !minting && <NoWalletHelp alert={askedWithoutWallet} onCard={card ? () => setMethod("card") : undefined} />}
            {minting && <MintProgress happened={progress.happened} />}
            <button type="button" data-buy className={ui.primary} onClick={() => void mint()} disabled={minting || !selected}>
              {mintButtonLabel(minting, progress.current)}
            </button>
            {!wallet.address && !noWallet && !minting && (
              <p className={`text-xs ${ui.muted}`}>You will be asked to connect a wallet and sign in with Ethereum.</p>
            )}
          </>
        )}
      </div>
      <div className="@container">
        <CartToggle nft={nft} className={`${ui.secondary} w-full`} disabled={minting} />
      </div>
      <StickyBuyBar
        target={buySection}
        name={displayName(nft)}
        price={barPrice}
        label={paying === "card" ? "Pay with Card" : mintButtonLabel(minting, progress.current)}
      />
    </section>
  );
}
