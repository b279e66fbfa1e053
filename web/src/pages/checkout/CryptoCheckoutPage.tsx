import { useQueries } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import type { Nft } from "@pixlings/shared/http/nfts";
import { ApiError } from "../../api/apiClient.ts";
import { parseTokenIdList } from "../../api/parseIds.ts";
import { queries } from "../../api/queries.ts";
import { useSignIn, useUser } from "../../auth/useAuth.ts";
import { useCart } from "../../cart/useCart.ts";
import { usePrices } from "../../chains/usePrices.ts";
import { useSelectedChain } from "../../chains/useSelectedChain.ts";
import { ChainSelect } from "../../components/ChainSelect.tsx";
import { ui } from "../../components/ui.ts";
import { toastForError } from "../../errors/toastForError.ts";
import { MintProgress } from "../../mint/MintProgress.tsx";
import { MintSuccess } from "../../mint/MintSuccess.tsx";
import { mintButtonLabel } from "../../mint/mintSteps.ts";
import { useMintProgress } from "../../mint/useMintProgress.ts";
import { runMint, type MintResult } from "../../mint/runMint.ts";
import { toast } from "../../toast/toastStore.ts";
import { useWallet } from "../../wallet/useWallet.ts";
import { PageShell } from "../static/PageShell.tsx";
import { classifyOrder } from "./classifyOrder.ts";
import { OrderSummary } from "./OrderSummary.tsx";

/** /crypto-checkout?tokenIds=1,2,3: one voucher, ONE batch mint from the wallet. */
export default function CryptoCheckoutPage() {
  const [params, setParams] = useSearchParams();
  const ids = parseTokenIdList(params.get("tokenIds"));
  const wallet = useWallet();
  const user = useUser();
  const { signIn, pending: signingIn } = useSignIn();
  const { selected } = useSelectedChain();
  const { quote } = usePrices();
  const navigate = useNavigate();
  const progress = useMintProgress();
  const [result, setResult] = useState<MintResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const lookups = useQueries({ queries: ids.map((id) => ({ ...queries.token(id), gcTime: 0 })) });
  const checking = lookups.some((lookup) => lookup.isLoading);
  const tokens = new Map<number, Nft | null>();
  ids.forEach((id, index) => {
    const lookup = lookups[index];
    if (lookup?.data) tokens.set(id, lookup.data);
    else if (lookup?.error instanceof ApiError && lookup.error.status === 404) tokens.set(id, null);
  });
  const order = classifyOrder(ids, tokens, wallet.address);
  const allOwned = !checking && ids.length > 0 && order.owned.length === ids.length;

  useEffect(() => {
    if (!allOwned || result) return;
    useCart.getState().clear();
    // Navigate first: the toast then belongs to the page it is read on (toasts go when their page does).
    navigate("/my-pixlings", { replace: true });
    toast({ title: "All NFTs Already Owned", description: "Every Pix in this order is already in your wallet. Your cart has been cleared." });
  }, [allOwned, result, navigate]);

  if (ids.length === 0) return <Navigate to="/" replace />;

  const signedInHere = Boolean(wallet.address && user.data?.walletAddress?.toLowerCase() === wallet.address.toLowerCase());
  const blocked = order.owned.length > 0 || order.unavailable.length > 0;
  const minting = progress.running;
  const payDisabled = !wallet.address || !signedInHere || minting || checking || blocked || order.available.length === 0 || !selected;

  const dropUnavailable = () => {
    const drop = [...order.owned, ...order.unavailable];
    useCart.getState().removeMany(drop);
    const keep = ids.filter((id) => !drop.includes(id));
    setParams(keep.length > 0 ? { tokenIds: keep.join(",") } : {}, { replace: true });
  };

  const pay = async () => {
    if (payDisabled || !selected) return;
    setFailure(null);
    progress.start();
    try {
      const minted = await runMint({ tokenIds: order.available.map((nft) => nft.tokenId), chain: selected, onStep: progress.onStep });
      useCart.getState().removeMany(minted.tokenIds);
      toast({ title: "Minting Complete!", description: `${minted.tokenIds.map((id) => `Pix #${id}`).join(", ")} has been minted to your wallet.` });
      setResult(minted);
    } catch (error) {
      const notice = toastForError(error, "checkout");
      if (notice) {
        toast(notice);
        setFailure(notice.description ?? notice.title);
      }
      if (error instanceof ApiError && error.status === 409) lookups.forEach((lookup) => void lookup.refetch());
    } finally {
      progress.finish();
    }
  };

  if (result) {
    return (
      <PageShell title="Crypto Checkout">
        <MintSuccess result={result} chain={selected?.chainId === result.chainId ? selected : undefined} />
      </PageShell>
    );
  }

  return (
    <PageShell title="Crypto Checkout">
      <div className="flex flex-col gap-4">
        {checking && (
          <p role="status" className={ui.muted}>
            Checking which Pix are still available...
          </p>
        )}
        {!checking && order.owned.length > 0 && !allOwned && (
          <div role="alert" className={`${ui.card} border-amber-400`}>
            <p className="font-semibold">Some NFTs Already Owned</p>
            <p className="text-sm">{order.owned.map((id) => `Pix #${id}`).join(", ")} already in your wallet. Remove them to continue.</p>
          </div>
        )}
        {!checking && order.available.length === 0 && !allOwned ? (
          <div role="alert" className={ui.card}>
            <p className="font-semibold">No NFTs Available</p>
            <p className="text-sm">None of the Pix in this order can be minted any more.</p>
            <Link to="/browse" className={`${ui.primary} mt-3`}>
              Browse Collection
            </Link>
          </div>
        ) : (
          order.unavailable.length > 0 && (
            <div role="alert" className={`${ui.card} border-amber-400`}>
              <p className="font-semibold">Some NFTs are no longer available</p>
              <p className="text-sm">{order.unavailable.map((id) => `Pix #${id}`).join(", ")} was minted by someone else. Remove it to continue.</p>
            </div>
          )
        )}
        {blocked && order.available.length > 0 && (
          <button type="button" className={ui.secondary} onClick={dropUnavailable}>
            Remove unavailable Pix
          </button>
        )}
        <OrderSummary items={order.available} quote={quote} />
        <ChainSelect label="Pay on" />
        {failure && (
          <div
            role="alert"
            className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            <p className="font-semibold">Minting Failed</p>
            <p>{failure}</p>
          </div>
        )}
        {minting && <MintProgress happened={progress.happened} />}
        {!wallet.address ? (
          <button type="button" className={ui.secondary} onClick={wallet.connect}>
            Connect Wallet
          </button>
        ) : (
          !signedInHere && (
            <button type="button" className={ui.secondary} onClick={signIn} disabled={signingIn}>
              {signingIn ? "Signing in..." : "Sign in with Ethereum"}
            </button>
          )
        )}
        <button type="button" className={ui.primary} onClick={() => void pay()} disabled={payDisabled}>
          {minting ? mintButtonLabel(true, progress.current) : "Pay with Crypto"}
        </button>
      </div>
    </PageShell>
  );
}
