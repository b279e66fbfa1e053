import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AdminGate } from "../../admin/AdminGate.tsx";
import { adminQueries } from "../../api/adminQueries.ts";
import { ApiError } from "../../api/apiClient.ts";
import { parseTokenId } from "../../api/parseIds.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { ui } from "../../components/ui.ts";
import { EditNftForm } from "../../admin/EditNftForm.tsx";
import { PageShell } from "../static/PageShell.tsx";

function PickToken() {
  const id = useId();
  const navigate = useNavigate();
  const [raw, setRaw] = useState("");
  const tokenId = parseTokenId(raw.trim());
  return (
    <form
      className={`${ui.card} flex flex-wrap items-end gap-3`}
      onSubmit={(event) => {
        event.preventDefault();
        if (tokenId !== undefined) navigate(`/admin-simple?edit=${tokenId}`);
      }}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Token ID to edit
        </label>
        <input id={id} type="number" min={1} max={9999} className={`${ui.field} w-40`} value={raw} onChange={(event) => setRaw(event.target.value)} />
      </div>
      <button type="submit" className={ui.primary} disabled={tokenId === undefined}>
        Edit
      </button>
    </form>
  );
}

function EditToken({ tokenId }: { tokenId: number }) {
  const navigate = useNavigate();
  const query = useQuery(adminQueries.nft(tokenId));
  if (query.isLoading) return <Spinner label={`Loading Pix #${tokenId}...`} />;
  if (query.error instanceof ApiError && query.error.status === 404) return <p className={ui.card}>No NFT found with token ID {tokenId}.</p>;
  if (query.error || !query.data) {
    return query.error ? (
      <ErrorNotice error={query.error} title={`Could not load Pix #${tokenId}`} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    ) : null;
  }
  const nft = query.data;
  if (nft.isSold) {
    return (
      <div className={`${ui.card} flex flex-col gap-2`}>
        <p className="font-semibold">SOLD: Pix #{tokenId} cannot be edited.</p>
        <Link to={`/mint/${tokenId}`} className={ui.link}>
          Back to Pix #{tokenId}
        </Link>
      </div>
    );
  }
  return (
    <div className={`${ui.card} flex flex-col gap-4`}>
      <EditNftForm nft={nft} onDone={() => navigate(`/mint/${tokenId}`)} />
    </div>
  );
}

/** /admin-simple?edit={tokenId} (spec: the mint page's "Edit in Admin"): one Pix's edit form, admins only. */
export default function AdminSimplePage() {
  const [params] = useSearchParams();
  const tokenId = parseTokenId(params.get("edit") ?? undefined);
  return (
    <AdminGate>
      {() => (
        <PageShell title={tokenId === undefined ? "Edit a Pix" : `Edit Pix #${tokenId}`}>
          <div className="flex flex-col gap-4">
            {tokenId === undefined ? <PickToken /> : <EditToken tokenId={tokenId} />}
            <Link to="/admin" className={ui.link}>
              Open the full Admin Dashboard
            </Link>
          </div>
        </PageShell>
      )}
    </AdminGate>
  );
}
