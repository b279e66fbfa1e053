import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { EditInAdminLink } from "../../admin/EditInAdminLink.tsx";
import { ApiError } from "../../api/apiClient.ts";
import { parseTokenId } from "../../api/parseIds.ts";
import { queries } from "../../api/queries.ts";
import { chainName } from "../../chains/chainName.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { ui } from "../../components/ui.ts";
import { MintSuccess } from "../../mint/MintSuccess.tsx";
import type { MintResult } from "../../mint/runMint.ts";
import { displayName } from "../../cart/addToCart.ts";
import { usePageTitle } from "../../layout/pageTitle.ts";
import { VerifyOnChain } from "../../verify/VerifyOnChain.tsx";
import { MintPanel } from "./MintPanel.tsx";
import { OtherPieces } from "./OtherPieces.tsx";
import { PixDetails } from "./PixDetails.tsx";
import { PixOwnership } from "./PixOwnership.tsx";

function Notice({ title, text, children }: { title: string; text: string; children?: React.ReactNode }) {
  return (
    <div className={`${ui.container} flex max-w-xl flex-col items-center gap-3 py-20 text-center`}>
      <h1 className="text-3xl font-extrabold">{title}</h1>
      <p className={ui.muted}>{text}</p>
      {children}
      <Link to="/browse" className={ui.primary}>
        Back to Browse
      </Link>
    </div>
  );
}

/** /mint/{tokenId} and /nft/{tokenId}. */
export default function MintPage() {
  const tokenId = parseTokenId(useParams().tokenId);
  const token = useQuery({ ...queries.token(tokenId ?? 0), enabled: tokenId !== undefined });
  const chains = useQuery(queries.chains());
  const [result, setResult] = useState<MintResult | null>(null);
  const nftTitle = token.data ? `${displayName(token.data)} (Pix #${token.data.tokenId})` : undefined;
  usePageTitle(tokenId === undefined || (token.error instanceof ApiError && token.error.status === 404) ? "Pix Not Found" : nftTitle);

  if (tokenId === undefined || (token.error instanceof ApiError && token.error.status === 404)) {
    return <Notice title="Pix Not Found" text="This Pix doesn't exist or is already minted." />;
  }
  if (token.isLoading) return <Spinner label="Loading Pix..." />;
  if (token.error || !token.data)
    return <div className={`${ui.container} py-10`}>{token.error && <ErrorNotice error={token.error} title="Failed to load NFT details" />}</div>;
  const nft = token.data;
  const verify = <VerifyOnChain key={nft.tokenId} nft={nft} chains={chains.data} />;
  if (result) {
    return (
      <div className={`${ui.container} grid max-w-5xl gap-6 py-10 md:grid-cols-2`}>
        <PixDetails nft={nft} />
        <MintSuccess result={result} chain={chains.data?.find((chain) => chain.chainId === result.chainId)} />
      </div>
    );
  }
  if (nft.isMinted) {
    // The Pix itself still shows: its owner's name and story are public.
    return (
      // Phones: the Pix, then who owns it, then verifying it (as buying comes before verifying on an
      // unsold Pix); wider: verifying under the Pix, beside its owner.
      <div className={`${ui.container} grid max-w-5xl items-start gap-6 py-10 md:grid-cols-2 md:grid-rows-[auto_1fr]`}>
        <PixDetails nft={nft} />
        <div className="flex flex-col gap-6 md:col-start-2 md:row-span-2 md:row-start-1">
          <section aria-labelledby="minted-title" className={`${ui.card} flex flex-col items-center justify-center gap-3 text-center`}>
            <h2 id="minted-title" className="text-2xl font-extrabold">
              Already Minted
            </h2>
            <p className={ui.muted}>This Pix has already been minted!</p>
            {nft.mintedOnChain !== null && <p className="font-medium">Minted on {chainName(nft.mintedOnChain, chains.data)}</p>}
            <Link to="/browse" className={ui.primary}>
              Back to Browse
            </Link>
          </section>
          <PixOwnership nft={nft} />
        </div>
        <div className="md:col-start-1">{verify}</div>
      </div>
    );
  }
  return (
    // On phones the sticky buy bar covers the bottom: room for it below the last content.
    <div className={`${ui.container} max-w-5xl pt-10 pb-28 md:pb-10`}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <Link to="/browse" className={ui.link}>
          ← Back to Browse
        </Link>
        <EditInAdminLink tokenId={nft.tokenId} />
      </div>
      {/* Phones: the Pix, buying it, then verifying it; wider: verifying under the Pix, beside the panel. */}
      <div className="grid items-start gap-6 md:grid-cols-2 md:grid-rows-[auto_1fr]">
        <PixDetails nft={nft} />
        <div className="md:col-start-2 md:row-span-2 md:row-start-1">
          <MintPanel nft={nft} onMinted={setResult} />
        </div>
        <div className="md:col-start-1">{verify}</div>
      </div>
      <OtherPieces nft={nft} />
    </div>
  );
}
