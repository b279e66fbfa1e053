import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { AdminGate } from "../../admin/AdminGate.tsx";
import { ADMIN_NFT_PAGE_SIZE, adminQueries } from "../../api/adminQueries.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { Pager } from "../../components/Pager.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { ui } from "../../components/ui.ts";
import { PageShell } from "../static/PageShell.tsx";
import { debugSummary, isPhantomId } from "./phantomIds.ts";

const COLUMNS = ["Token", "Name", "Rarity", "Minted", "Flag"];

function NftTable() {
  const nfts = useQuery(adminQueries.nfts());
  const [page, setPage] = useState(1);
  if (nfts.isLoading) return <Spinner label="Loading NFTs..." />;
  if (nfts.error || !nfts.data) return nfts.error ? <ErrorNotice error={nfts.error} title="Could not load NFTs" onRetry={() => void nfts.refetch()} /> : null;
  const list = nfts.data.nfts;
  const summary = debugSummary(list);
  const totalPages = Math.max(1, Math.ceil(list.length / ADMIN_NFT_PAGE_SIZE));
  const rows = list.slice((page - 1) * ADMIN_NFT_PAGE_SIZE, page * ADMIN_NFT_PAGE_SIZE);
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="text-sm">
        {summary.total} NFTs · {summary.minted} minted ·{" "}
        <span className={summary.phantom > 0 ? "font-semibold text-red-800 dark:text-red-200" : ""}>{summary.phantom} phantom (id of 10000 or more)</span>
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">NFTs, page {page}</caption>
          <thead>
            <tr className="border-b border-neutral-300 dark:border-neutral-700">
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="py-2 pr-3">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((nft) => (
              <tr key={nft.tokenId} className="border-b border-neutral-200 dark:border-neutral-800">
                <td className="py-1 pr-3 tabular-nums">
                  <Link to={`/mint/${nft.tokenId}`} className={ui.link}>
                    #{nft.tokenId}
                  </Link>
                </td>
                <td className="py-1 pr-3">{nft.customName ?? nft.name}</td>
                <td className="py-1 pr-3">{nft.rarity}</td>
                <td className="py-1 pr-3">{nft.isMinted ? "Yes" : "No"}</td>
                <td className="py-1 pr-3">{isPhantomId(nft.tokenId) ? <span className="font-semibold text-red-800 dark:text-red-200">Phantom</span> : ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} totalPages={totalPages} onGo={setPage} />
    </div>
  );
}

/** /debug-nfts (docs/map.md#admin-pages): signed out goes to Google sign-in; admins see every NFT, phantom ids flagged. */
export default function DebugNftsPage() {
  return (
    <AdminGate redirectSignedOut>
      {() => (
        <PageShell title="Debug NFTs" wide>
          <NftTable />
        </PageShell>
      )}
    </AdminGate>
  );
}
