import * as Tabs from "@radix-ui/react-tabs";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { COLLECTION } from "@pixlings/shared/collection";
import type { Nft } from "@pixlings/shared/http/nfts";
import type { CardPix } from "@pixlings/shared/http/owners";
import { queries } from "../../api/queries.ts";
import { GoogleSignInLink } from "../../auth/GoogleSignInLink.tsx";
import { useUser } from "../../auth/useAuth.ts";
import { ChainSelect } from "../../components/ChainSelect.tsx";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { ui } from "../../components/ui.ts";
import { StoryDialog } from "../../stories/StoryDialog.tsx";
import { useWallet } from "../../wallet/useWallet.ts";
import { useWalletLoad } from "../../wallet/useWalletLoad.ts";
import { EmptyState } from "./EmptyState.tsx";
import { LoginOrConnect } from "./LoginOrConnect.tsx";
import { MintToWalletButton } from "./MintToWalletButton.tsx";
import { myPixlingsView } from "./myPixlingsView.ts";
import { OwnedPixCard } from "./OwnedPixCard.tsx";
import { OwnedSummary } from "./OwnedSummary.tsx";
import { uniqueByToken } from "./ownerType.ts";

function Grid({
  nfts,
  custody,
  onStory,
  action,
}: {
  nfts: Nft[];
  /** The Pix custody holds for this user, by id. */
  custody: ReadonlyMap<number, CardPix>;
  onStory(nft: Nft): void;
  action: (nft: Nft, titleId: string) => React.ReactNode;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
      {nfts.map((nft) => (
        <OwnedPixCard key={nft.tokenId} nft={nft} source={custody.get(nft.tokenId)?.source} onStory={onStory} action={action} />
      ))}
    </div>
  );
}

function Notice({ title, text, children }: { title: string; text: string; children: React.ReactNode }) {
  return (
    <div className={`${ui.card} flex flex-col items-center gap-3 py-8 text-center`}>
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className={`text-sm ${ui.muted}`}>{text}</p>
      {children}
    </div>
  );
}

export default function MyPixlingsPage() {
  const wallet = useWallet();
  const walletLoad = useWalletLoad();
  const user = useUser();
  const walletOwned = useQuery({ ...queries.ownerWallet(wallet.address ?? ""), enabled: Boolean(wallet.address) });
  const sessionOwned = useQuery({ ...queries.ownerPixlings(), enabled: Boolean(user.data) });
  const [story, setStory] = useState<Nft | null>(null);
  const view = myPixlingsView({ user, walletLoad, walletStatus: wallet.status, walletAddress: wallet.address, walletOwned, sessionOwned });
  // Retry asks again what failed, among the requests this page is making now.
  const requests = [user, walletLoad, ...(wallet.address ? [walletOwned] : []), ...(user.data ? [sessionOwned] : [])];
  const retry = () => {
    for (const request of requests) if (request.error) void request.refetch();
  };
  const retrying = requests.some((request) => request.error && request.isFetching);

  if (view.kind === "loading") return <Spinner label={`Loading your ${COLLECTION.name}...`} />;
  if (view.kind === "signedOut") return <LoginOrConnect connect={wallet.connect} />;
  if (view.kind === "failed") {
    return (
      <div className={`${ui.container} max-w-xl py-16`}>
        <h1 className="mb-4 text-3xl font-extrabold">My {COLLECTION.name}</h1>
        <ErrorNotice error={view.error} title={`Could not load your ${COLLECTION.name}`} onRetry={retry} retrying={retrying} />
      </div>
    );
  }
  // The connected wallet's Pix and those of every wallet the session knows (signed in or linked).
  const onChain = uniqueByToken([walletOwned.data ?? [], sessionOwned.data?.walletOwned ?? []]);
  const custodyPix: CardPix[] = sessionOwned.data?.cardPurchases ?? [];
  const custody = new Map(custodyPix.map((pix) => [pix.tokenId, pix]));
  const cardPurchases = custodyPix.filter((pix) => pix.source === "card");
  const freemints = custodyPix.filter((pix) => pix.source === "freemint");
  const all = uniqueByToken([onChain, custodyPix]);
  const hasAnyWallet = Boolean(wallet.address) || (user.data?.linkedWallets.length ?? 0) > 0 || Boolean(user.data?.walletAddress);
  // "Mint to Wallet" on every Pix custody holds for this user, with what it waits for.
  const signedInUser = user.data;
  const action = (nft: Nft, titleId: string): React.ReactNode => {
    const pix = custody.get(nft.tokenId);
    return pix && nft.ownerType === "card" && signedInUser ? (
      <MintToWalletButton pix={pix} user={signedInUser} connected={wallet.address} connect={wallet.connect} describedBy={titleId} />
    ) : null;
  };

  return (
    <div className={`${ui.container} py-10`}>
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-extrabold">My {COLLECTION.name}</h1>
          <span className="rounded-full bg-violet-700 px-3 py-1 text-sm font-semibold text-white">{all.length} owned</span>
          {user.data && (
            <>
              <Link to="/redeem" className={`${ui.link} ml-auto text-sm`}>
                Redeem a freemint card
              </Link>
              <Link to="/account" className={`${ui.link} text-sm`}>
                Your account
              </Link>
            </>
          )}
        </div>
        {view.error && <ErrorNotice error={view.error} title="Some of your Pix could not be loaded" onRetry={retry} retrying={retrying} />}
        <OwnedSummary owned={all} />
        <Tabs.Root defaultValue="all" className="flex flex-col gap-4">
          <Tabs.List aria-label="Pix by source" className="flex flex-wrap gap-2">
            <Tabs.Trigger value="all" className={ui.tab}>
              My {COLLECTION.name} (all)
            </Tabs.Trigger>
            <Tabs.Trigger value="wallet" className={ui.tab}>
              Crypto Wallet ({onChain.length})
            </Tabs.Trigger>
            <Tabs.Trigger value="card" className={ui.tab}>
              Credit Card ({cardPurchases.length})
            </Tabs.Trigger>
            <Tabs.Trigger value="freemint" className={ui.tab}>
              Freemint ({freemints.length})
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="all">
            {all.length > 0 ? (
              <Grid nfts={all} custody={custody} onStory={setStory} action={action} />
            ) : (
              <EmptyState title={`No Owned ${COLLECTION.name}`} text="You do not own any Pix yet." />
            )}
          </Tabs.Content>
          <Tabs.Content value="wallet">
            {!hasAnyWallet ? (
              <Notice title="Wallet Connection Required" text="Connect your wallet to see the Pix it holds on-chain.">
                <ChainSelect />
                <button type="button" className={ui.primary} onClick={wallet.connect}>
                  Connect Wallet
                </button>
              </Notice>
            ) : onChain.length > 0 ? (
              <Grid nfts={onChain} custody={custody} onStory={setStory} action={action} />
            ) : (
              <EmptyState title="No On-Chain NFTs" text="Your wallets hold no Pix on any chain yet." />
            )}
          </Tabs.Content>
          <Tabs.Content value="card">
            {!user.data ? (
              <Notice title="Login Required" text="Please log in to view your credit card purchases.">
                <GoogleSignInLink returnTo={`/my-${COLLECTION.slug}`}>Log In with Google</GoogleSignInLink>
              </Notice>
            ) : cardPurchases.length > 0 ? (
              <Grid nfts={cardPurchases} custody={custody} onStory={setStory} action={action} />
            ) : (
              <EmptyState title="No Credit Card Purchases" text="Pix bought by card show here." />
            )}
          </Tabs.Content>
          <Tabs.Content value="freemint">
            {!user.data ? (
              <Notice title="Login Required" text="Please log in to view the Pix you redeemed with freemint cards.">
                <GoogleSignInLink returnTo={`/my-${COLLECTION.slug}`}>Log In with Google</GoogleSignInLink>
              </Notice>
            ) : freemints.length > 0 ? (
              <Grid nfts={freemints} custody={custody} onStory={setStory} action={action} />
            ) : (
              <EmptyState title="No Freemint Pix" text="Pix redeemed with a freemint card show here." />
            )}
          </Tabs.Content>
        </Tabs.Root>
      </div>
      {story && <StoryDialog nft={story} onClose={() => setStory(null)} />}
    </div>
  );
}
