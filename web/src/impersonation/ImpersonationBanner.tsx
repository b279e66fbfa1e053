import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { adminQueries } from "../api/adminQueries.ts";
import { useUser } from "../auth/useAuth.ts";
import { apiMessage } from "../errors/accountErrors.ts";
import { toast } from "../toast/toastStore.ts";
import { clearImpersonationFlag, writeImpersonationFlag } from "./impersonationFlag.ts";
import { endImpersonation } from "./impersonate.ts";

/**
 * "Viewing as {artist} — End" on every page while an admin views the artist area as an artist.
 * The server's record (GET /api/admin/impersonation) decides, on every tab of the
 * session; the session-storage flag follows it.
 */
export default function ImpersonationBanner() {
  const user = useUser();
  const isAdmin = user.data?.isAdmin === true;
  const current = useQuery({ ...adminQueries.impersonation(), enabled: isAdmin });
  const navigate = useNavigate();
  const [ending, setEnding] = useState(false);
  const impersonation = isAdmin ? (current.data?.impersonation ?? null) : null;

  useEffect(() => {
    if (!current.data) return;
    if (impersonation) writeImpersonationFlag({ id: impersonation.artistId, name: impersonation.artistName });
    else clearImpersonationFlag();
  }, [current.data, impersonation]);

  // It ends by itself (the server's rule): ask again then, and the banner goes with it.
  const endsAt = impersonation?.endsAt;
  const refetch = current.refetch;
  useEffect(() => {
    if (!endsAt) return;
    const timer = setTimeout(() => void refetch(), Math.max(0, Date.parse(endsAt) - Date.now()) + 1_000);
    return () => clearTimeout(timer);
  }, [endsAt, refetch]);

  if (!impersonation) return null;
  const end = async () => {
    setEnding(true);
    try {
      await endImpersonation();
      navigate("/admin/artists");
    } catch (error) {
      toast({ title: "Error", description: apiMessage(error) ?? "Failed to end the artist view. Please try again.", variant: "destructive" });
    } finally {
      setEnding(false);
    }
  };
  return (
    <section aria-label="Artist view" className="bg-amber-300 text-amber-950">
      <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center justify-center gap-x-3 gap-y-1 px-4 py-2 text-sm sm:px-6">
        <p>
          Viewing as <span className="font-semibold">{impersonation.artistName}</span> — actions count as yours ({impersonation.admin}) — ends by itself at{" "}
          <time dateTime={impersonation.endsAt}>{new Date(impersonation.endsAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}</time>
        </p>
        <button
          type="button"
          onClick={() => void end()}
          disabled={ending}
          className="rounded-md bg-amber-950 px-3 py-1 text-xs font-semibold text-white hover:bg-amber-900 disabled:opacity-60"
        >
          {ending ? "Ending..." : "End"}
        </button>
      </div>
    </section>
  );
}
