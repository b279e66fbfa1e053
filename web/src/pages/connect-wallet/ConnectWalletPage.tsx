import { useState } from "react";
import { Link } from "react-router";
import { COLLECTION } from "@pixlings/shared/collection";
import { GoogleSignInLink } from "../../auth/GoogleSignInLink.tsx";
import { isWalletLinked } from "../../auth/linkPrompt.ts";
import { linkConnectedWallet, refreshAfterLink } from "../../auth/linkWallet.ts";
import { MoveWalletConfirm } from "../../auth/MoveWalletConfirm.tsx";
import { useUser } from "../../auth/useAuth.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { accountName, walletMoveOffer } from "../../auth/walletMoveOffer.ts";
import { useSelectedChain } from "../../chains/useSelectedChain.ts";
import { ChainSelect } from "../../components/ChainSelect.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { ui } from "../../components/ui.ts";
import { linkErrorMessage, linkFailureToast } from "../../errors/accountErrors.ts";
import { shortAddress } from "../../format/format.ts";
import { toast } from "../../toast/toastStore.ts";
import { isMobile } from "../../wallet/isMobile.ts";
import { useWallet } from "../../wallet/useWallet.ts";

const REASONS = [
  `See the ${COLLECTION.name} your wallet holds on My ${COLLECTION.name} whenever you sign in with Google.`,
  "Write names and stories for the Pix in your wallet.",
  "Sign in with either: the wallet signs you in to the same account.",
];

function Reasons() {
  return (
    <section aria-labelledby="reasons-title" className={`${ui.card} flex flex-col gap-2`}>
      <h2 id="reasons-title" className="font-semibold">
        Why link a wallet?
      </h2>
      <ul className={`list-disc space-y-1 pl-5 text-sm ${ui.muted}`}>
        {REASONS.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <p className={`text-xs ${ui.muted}`}>
        {isMobile()
          ? "On a phone, open this page in your wallet app's browser, sign in with Google there, then connect."
          : "Tip: on a phone, open this page in your wallet app's browser."}
      </p>
    </section>
  );
}

function Linked({ address }: { address: string }) {
  return (
    <div role="status" className="flex flex-col gap-3">
      <p className="text-lg font-semibold">Wallet Linked</p>
      <p className="text-sm">
        <span className="font-mono">{shortAddress(address)}</span> is linked to your account.
      </p>
      <div className="flex flex-wrap gap-2">
        <Link to={`/my-${COLLECTION.slug}`} className={ui.primary}>
          View My {COLLECTION.name}
        </Link>
        <Link to="/browse" className={ui.secondary}>
          Browse Collection
        </Link>
      </div>
    </div>
  );
}

/** /connect-wallet: pick a network, connect a wallet, link it to the signed-in account. */
export default function ConnectWalletPage() {
  const user = useUser();
  const wallet = useWallet();
  const { selected } = useSelectedChain();
  const [linking, setLinking] = useState(false);
  // The wallet the API said has a wallet-only account of its own: the page asks before moving it.
  const [moveOffered, setMoveOffered] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (user.isLoading) return <Spinner />;
  // Not knowing who is signed in is not "signed out": say so, and offer to ask again.
  if (user.error && !user.data) {
    return (
      <div className={`${ui.container} flex max-w-lg flex-col gap-4 py-16`}>
        <h1 className="text-2xl font-bold">Connect Wallet</h1>
        <ErrorNotice error={user.error} title="Could not check who is signed in" onRetry={() => void user.refetch()} retrying={user.isFetching} />
      </div>
    );
  }
  if (!user.data) {
    return (
      <div className={`${ui.container} flex max-w-lg flex-col gap-4 py-16`}>
        <section aria-labelledby="required-title" className={`${ui.card} flex flex-col gap-3 text-center`}>
          <h1 id="required-title" className="text-2xl font-bold">
            Login Required
          </h1>
          <p className={`text-sm ${ui.muted}`}>Sign in with Google first; then connect the wallet to link to your account.</p>
          <GoogleSignInLink returnTo="/connect-wallet">Sign in with Google</GoogleSignInLink>
        </section>
        <Reasons />
      </div>
    );
  }

  const linked = wallet.address !== undefined && isWalletLinked(user.data, wallet.address);
  const account = accountName(user.data);
  const offeredHere = moveOffered !== null && wallet.address !== undefined && moveOffered.toLowerCase() === wallet.address.toLowerCase();
  const link = async (confirmMove: boolean) => {
    setLinking(true);
    setError(null);
    try {
      await linkConnectedWallet({
        ...(selected ? { chainId: selected.chainId } : {}),
        ...(wallet.address ? { expectedAddress: wallet.address } : {}),
        confirmMove,
      });
      setMoveOffered(null);
      await refreshAfterLink();
      toast({ title: "Accounts Linked Successfully!", description: `Your wallet has been linked to ${account}.` });
    } catch (caught) {
      const offer = confirmMove ? undefined : walletMoveOffer(caught);
      if (offer) setMoveOffered(offer.walletAddress);
      else {
        setError(linkErrorMessage(caught));
        const notice = linkFailureToast(caught, "page");
        if (notice) toast(notice);
      }
    } finally {
      setLinking(false);
    }
  };

  return (
    <div className={`${ui.container} flex max-w-lg flex-col gap-4 py-10`}>
      <h1 className="text-3xl font-extrabold">Connect Wallet</h1>
      <section aria-label="Link a wallet" className={`${ui.card} flex flex-col gap-4`}>
        {wallet.address && linked ? (
          <Linked address={wallet.address} />
        ) : (
          <>
            <ChainSelect label="Network" />
            {wallet.address && offeredHere ? (
              <section aria-labelledby="move-title" className="flex flex-col gap-2">
                <h2 id="move-title" className="text-lg font-semibold">
                  Move This Wallet?
                </h2>
                <MoveWalletConfirm
                  address={wallet.address}
                  account={account}
                  moving={linking}
                  cancelLabel="Cancel"
                  onMove={() => void link(true)}
                  onCancel={() => setMoveOffered(null)}
                />
              </section>
            ) : wallet.address ? (
              <>
                <p className="text-sm">
                  Connected: <span className="font-mono">{shortAddress(wallet.address)}</span>
                </p>
                <button type="button" className={ui.primary} onClick={() => void link(false)} disabled={linking}>
                  {linking ? "Linking..." : "Link Wallet"}
                </button>
              </>
            ) : (
              <button type="button" className={ui.primary} onClick={wallet.connect} disabled={wallet.status === "connecting"}>
                {wallet.status === "connecting" ? "Connecting..." : "Connect Wallet"}
              </button>
            )}
            {error && (
              <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
                {error}
              </p>
            )}
          </>
        )}
        {user.data.linkedWallets.length > 0 && (
          <div className="border-t border-neutral-200 pt-3 dark:border-neutral-800">
            <h2 className="text-sm font-semibold">Linked wallets</h2>
            <ul className="mt-1 font-mono text-sm">
              {user.data.linkedWallets.map((address) => (
                <li key={address}>{shortAddress(address)}</li>
              ))}
            </ul>
          </div>
        )}
      </section>
      <Reasons />
    </div>
  );
}
