import * as Tabs from "@radix-ui/react-tabs";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { COLLECTION } from "@pixlings/shared/collection";
import { parseTokenId } from "../../api/parseIds.ts";
import { queries } from "../../api/queries.ts";
import { useUser } from "../../auth/useAuth.ts";
import { displayName } from "../../cart/addToCart.ts";
import { chainName } from "../../chains/chainName.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { PixImage } from "../../components/PixImage.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { TierBadge } from "../../components/TierBadge.tsx";
import { ui } from "../../components/ui.ts";
import { ArtistStory } from "../../stories/ArtistStory.tsx";
import { StoryForm } from "../../stories/StoryForm.tsx";
import { MerchPicker } from "../../merch/MerchPicker.tsx";
import { isArtistPix } from "../../stories/storyRules.ts";
import { useWallet } from "../../wallet/useWallet.ts";
import { useWalletLoad } from "../../wallet/useWalletLoad.ts";
import { custodyNote, ownerTypeLabel } from "../my-pixlings/ownerType.ts";
import { ownedPixView } from "./ownedPixView.ts";

function NotFound() {
  return (
    <div className={`${ui.container} flex max-w-xl flex-col items-center gap-3 py-20 text-center`}>
      <h1 className="text-3xl font-extrabold">Pix Not Found</h1>
      <p className={ui.muted}>This Pix doesn't exist or is not yours.</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to="/browse" className={ui.secondary}>
          Browse Collection
        </Link>
        <Link to={`/my-${COLLECTION.slug}`} className={ui.primary}>
          My {COLLECTION.name}
        </Link>
      </div>
    </div>
  );
}

/** /owned-pix/{tokenId}: one Pix the session's wallet or the connected wallet owns. */
export default function OwnedPixPage() {
  const tokenId = parseTokenId(useParams().tokenId);
  const wallet = useWallet();
  const walletLoad = useWalletLoad();
  const user = useUser();
  const chains = useQuery(queries.chains());
  const ready = tokenId !== undefined && (Boolean(user.data) || Boolean(wallet.address));
  const pix = useQuery({ ...queries.ownedPix(tokenId ?? 0, wallet.address), enabled: ready });
  // A Pix held in custody was bought by card or redeemed with a freemint card: the session's list says which.
  const custodySource = useQuery({
    ...queries.ownerPixlings(),
    enabled: Boolean(user.data) && pix.data?.ownerType === "card",
    select: (owned) => owned.cardPurchases.find((held) => held.tokenId === tokenId)?.source ?? "card",
  });
  const view = ownedPixView({ tokenId, user, walletLoad, walletStatus: wallet.status, walletAddress: wallet.address, pix });
  const requests = [user, walletLoad, pix];

  if (view.kind === "notFound") return <NotFound />;
  if (view.kind === "failed") {
    const retry = () => {
      for (const request of requests) if (request.error) void request.refetch();
    };
    const retrying = requests.some((request) => request.error && request.isFetching);
    return (
      <div className={`${ui.container} max-w-xl py-16`}>
        <ErrorNotice error={view.error} title="Failed to load NFT details" onRetry={retry} retrying={retrying} />
      </div>
    );
  }
  if (view.kind === "loading" || !pix.data) return <Spinner label="Loading your Pix..." />;
  const nft = pix.data;
  const name = displayName(nft);
  const source = nft.ownerType === "card" ? custodySource.data : undefined;
  // Until the session's list says how a custody Pix was got, neither badge nor line (never a wrong one).
  const ownerType = nft.ownerType === "card" && !source ? null : ownerTypeLabel(nft.ownerType, source);
  return (
    <div className={`${ui.container} max-w-4xl py-10`}>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-extrabold">{name}</h1>
        <TierBadge rarity={nft.rarity} />
        {ownerType && <span className="inline-flex items-center rounded-full bg-sky-800 px-2 py-0.5 text-xs font-semibold text-white">{ownerType}</span>}
      </div>
      {source && <p className={`-mt-4 mb-6 text-sm ${ui.muted}`}>{custodyNote(source, COLLECTION.name)}</p>}
      <div className="grid gap-6 md:grid-cols-2">
        <div className={ui.card}>
          <PixImage nft={nft} eager />
        </div>
        <section aria-label="Details" className={`${ui.card} flex flex-col gap-3`}>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <dt className={ui.muted}>Token ID</dt>
            <dd className="font-semibold">#{nft.tokenId}</dd>
            <dt className={ui.muted}>Rarity</dt>
            <dd className="font-semibold">{nft.rarity}</dd>
            <dt className={ui.muted}>Colors</dt>
            <dd className="font-semibold">{nft.colorCount}</dd>
            <dt className={ui.muted}>Symmetry</dt>
            <dd className="font-semibold capitalize">{nft.symmetryType || "None"}</dd>
            {nft.mintedOnChain !== null && (
              <>
                <dt className={ui.muted}>Chain</dt>
                <dd className="font-semibold">{chainName(nft.mintedOnChain, chains.data)}</dd>
              </>
            )}
          </dl>
          <p className={`text-sm whitespace-pre-line ${ui.muted}`}>{nft.customDescription || nft.description}</p>
          <Link to={`/my-${COLLECTION.slug}`} className={`${ui.secondary} mt-auto`}>
            Back to My {COLLECTION.name}
          </Link>
        </section>
      </div>
      <Tabs.Root defaultValue="story" className="mt-6 flex flex-col gap-4">
        <Tabs.List aria-label="About this Pix" className="flex gap-2">
          <Tabs.Trigger value="story" className={ui.tab}>
            Story
          </Tabs.Trigger>
          <Tabs.Trigger value="products" className={ui.tab}>
            Products
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="story" className={ui.card}>
          {isArtistPix(nft) ? <ArtistStory nft={nft} /> : <StoryForm key={nft.tokenId} nft={nft} onCancel={() => undefined} />}
        </Tabs.Content>
        <Tabs.Content value="products" className={ui.card}>
          <MerchPicker tokenId={nft.tokenId} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
