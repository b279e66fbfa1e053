import * as Tabs from "@radix-ui/react-tabs";
import { useQuery } from "@tanstack/react-query";
import { COLLECTION } from "@pixlings/shared/collection";
import type { Nft } from "@pixlings/shared/http/nfts";
import { queries } from "../../api/queries.ts";
import { useSignIn, useUser } from "../../auth/useAuth.ts";
import { ChainSelect } from "../../components/ChainSelect.tsx";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { ui } from "../../components/ui.ts";
import { isMobile } from "../../wallet/isMobile.ts";
import { useWallet } from "../../wallet/useWallet.ts";
import { EmptyState } from "./EmptyState.tsx";
import { OwnedPixCard } from "./OwnedPixCard.tsx";
import { OwnedSummary } from "./OwnedSummary.tsx";

function Grid({ nfts }: { nfts: Nft[] }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
      {nfts.map((nft) => (
        <OwnedPixCard key={nft.tokenId} nft={nft} />
      ))}
    </div>
  );
}

function uniqueByToken(lists: Nft[][]): Nft[] {
  const seen = new Map<number, Nft>();
  for (const nft of lists.flat()) if (!seen.has(nft.tokenId)) seen.set(nft.tokenId, nft);
  return [...seen.values()].sort((a, b) => a.tokenId - b.tokenId);
}

const tab =
  "rounded-md px-3 py-2 text-sm font-semibold data-[state=active]:bg-violet-700 data-[state=active]:text-white data-[state=inactive]:hover:bg-neutral-100 dark:data-[state=inactive]:hover:bg-neutral-800";

export default function MyPixlingsPage() {
  const wallet = useWallet();
  const user = useUser();
  const { signIn, pending: signingIn } = useSignIn();
  const walletOwned = useQuery({ ...queries.ownerWallet(wallet.address ?? ""), enabled: Boolean(wallet.address) });
  const sessionOwned = useQuery({ ...queries.ownerPixlings(), enabled: Boolean(user.data) });
  const walletSettling = wallet.status === "idle" || wallet.status === "loading" || wallet.status === "reconnecting";

  if (user.isLoading || (walletSettling && !user.data)) return <Spinner label={`Loading your ${COLLECTION.name}...`} />;
  if (!user.data && !wallet.address) {
    return (
      <div className={`${ui.container} max-w-lg py-16`}>
        <section aria-labelledby="login-title" className={`${ui.card} flex flex-col gap-3 text-center`}>
          <h1 id="login-title" className="text-2xl font-bold">
            Login or Connect Wallet
          </h1>
          <p className={`text-sm ${ui.muted}`}>Connect a wallet to see the Pix it holds, or sign in with Ethereum.</p>
          <button type="button" className={ui.primary} onClick={wallet.connect}>
            Connect Wallet
          </button>
          <button type="button" className={ui.secondary} onClick={signIn} disabled={signingIn}>
            {signingIn ? "Signing in..." : "Sign in with Ethereum"}
          </button>
          {isMobile() && <p className={`text-xs ${ui.muted}`}>On a phone, open this page in your wallet app's browser.</p>}
        </section>
      </div>
    );
  }

  // A spinner only while nothing is known yet: a wallet reconnecting after the session's list is
  // shown adds to it rather than blanking the page.
  const loading = (walletOwned.isLoading || sessionOwned.isLoading) && !walletOwned.data && !sessionOwned.data;
  const error = walletOwned.error ?? sessionOwned.error;
  const onChain = wallet.address ? (walletOwned.data ?? []) : (sessionOwned.data?.walletOwned ?? []);
  const all = uniqueByToken([walletOwned.data ?? [], sessionOwned.data?.walletOwned ?? []]);

  return (
    <div className={`${ui.container} py-10`}>
      {loading ? (
        <Spinner label={`Loading your ${COLLECTION.name}...`} />
      ) : (
        <div className="flex flex-col gap-6">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-extrabold">My {COLLECTION.name}</h1>
            <span className="rounded-full bg-violet-700 px-3 py-1 text-sm font-semibold text-white">{all.length} owned</span>
          </div>
          {error && <ErrorNotice error={error} title="Could not load your Pix" />}
          <OwnedSummary owned={all} />
          <Tabs.Root defaultValue="all" className="flex flex-col gap-4">
            <Tabs.List aria-label="Pix by source" className="flex flex-wrap gap-2">
              <Tabs.Trigger value="all" className={tab}>
                My {COLLECTION.name} (all)
              </Tabs.Trigger>
              <Tabs.Trigger value="wallet" className={tab}>
                Crypto Wallet ({onChain.length})
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="all">
              {all.length > 0 ? <Grid nfts={all} /> : <EmptyState title={`No Owned ${COLLECTION.name}`} text="You do not own any Pix yet." />}
            </Tabs.Content>
            <Tabs.Content value="wallet">
              {!wallet.address ? (
                <div className={`${ui.card} flex flex-col items-center gap-3 py-8 text-center`}>
                  <h3 className="text-lg font-semibold">Wallet Connection Required</h3>
                  <p className={`text-sm ${ui.muted}`}>Connect your wallet to see the Pix it holds on-chain.</p>
                  <ChainSelect />
                  <button type="button" className={ui.primary} onClick={wallet.connect}>
                    Connect Wallet
                  </button>
                </div>
              ) : onChain.length > 0 ? (
                <Grid nfts={onChain} />
              ) : (
                <EmptyState title="No On-Chain NFTs" text="This wallet holds no Pix on any chain yet." />
              )}
            </Tabs.Content>
          </Tabs.Root>
        </div>
      )}
    </div>
  );
}
