import type { RefreshAdminResponse } from "@pixlings/shared/http/auth";
import { useEffect, useState } from "react";
import { apiRequest } from "../../api/apiClient.ts";
import { GoogleSignInLink } from "../../auth/GoogleSignInLink.tsx";
import { useUser } from "../../auth/useAuth.ts";
import { welcomeName } from "../../auth/welcomeName.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { ui } from "../../components/ui.ts";
import { apiMessage } from "../../errors/accountErrors.ts";
import { PageShell } from "../static/PageShell.tsx";

/** Spec: the page reloads 1 s after a successful refresh. */
const RELOAD_MS = 1_000;

/** /admin-refresh: the user and their admin status; "Refresh Admin Access" re-reads ADMIN_EMAILS on the server. */
export default function AdminRefreshPage() {
  const user = useUser();
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<RefreshAdminResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => window.location.reload(), RELOAD_MS);
    return () => clearTimeout(timer);
  }, [result]);

  if (user.isLoading) return <Spinner />;
  // Not knowing who is signed in is not "signed out": say so, and offer to ask again.
  if (user.error && !user.data) {
    return (
      <PageShell title="Admin Access">
        <ErrorNotice error={user.error} title="Could not check who is signed in" onRetry={() => void user.refetch()} retrying={user.isFetching} />
      </PageShell>
    );
  }
  if (!user.data) {
    return (
      <PageShell title="Admin Access">
        <div className={`${ui.card} flex flex-col gap-3`}>
          <p>Sign in to check your admin access.</p>
          <GoogleSignInLink returnTo="/admin-refresh" />
        </div>
      </PageShell>
    );
  }

  const refresh = async () => {
    setPending(true);
    setError(null);
    try {
      setResult(await apiRequest<RefreshAdminResponse>("/api/debug/refresh-admin", { method: "POST" }));
      await user.refetch();
    } catch (caught) {
      setError(apiMessage(caught) ?? "Failed to refresh admin access. Please try again.");
    } finally {
      setPending(false);
    }
  };

  return (
    <PageShell title="Admin Access">
      <div className={`${ui.card} flex flex-col gap-3`}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className={ui.muted}>Signed in as</dt>
          <dd className="font-semibold break-all">{welcomeName(user.data)}</dd>
          <dt className={ui.muted}>Email</dt>
          <dd className="break-all">{user.data.email ?? "none"}</dd>
          <dt className={ui.muted}>Admin</dt>
          <dd className="font-semibold">{user.data.isAdmin ? "Yes" : "No"}</dd>
        </dl>
        <button type="button" className={`${ui.primary} w-fit`} onClick={() => void refresh()} disabled={pending || result !== null}>
          {pending ? "Refreshing..." : "Refresh Admin Access"}
        </button>
        {result && <p role="status">{result.message}</p>}
        {error && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
            {error}
          </p>
        )}
      </div>
    </PageShell>
  );
}
