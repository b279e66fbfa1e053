import { useState } from "react";
import { Link } from "react-router";
import type { User } from "@pixlings/shared/http/auth";
import { ADMIN_SIGN_IN_MAX_AGE_HOURS } from "@pixlings/shared/http/auth";
import { downloadMyData } from "../../account/accountData.ts";
import { GoogleSignInLink } from "../../auth/GoogleSignInLink.tsx";
import { signOutEverywhere } from "../../auth/session.ts";
import { useUser } from "../../auth/useAuth.ts";
import { welcomeName } from "../../auth/welcomeName.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { ui } from "../../components/ui.ts";
import { apiMessage } from "../../errors/accountErrors.ts";
import { toastFailure } from "../../errors/toastFailure.ts";
import { shortAddress } from "../../format/format.ts";
import { PageShell } from "../static/PageShell.tsx";
import { DeleteAccountDialog } from "./DeleteAccountDialog.tsx";

/** Who is signed in, and how. */
function AccountSummary({ user }: { user: User }) {
  return (
    <section aria-labelledby="account-who" className={`${ui.card} flex flex-col gap-2`}>
      <h2 id="account-who" className="text-lg font-semibold">
        {welcomeName(user)}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className={ui.muted}>Email</dt>
        <dd className="break-all">{user.email ?? "None (signed in with a wallet only)"}</dd>
        <dt className={ui.muted}>Google</dt>
        <dd>{user.hasGoogle ? "Linked" : "Not linked"}</dd>
        <dt className={ui.muted}>Wallets</dt>
        <dd className="font-mono">{user.linkedWallets.length === 0 ? "None linked" : user.linkedWallets.map(shortAddress).join(", ")}</dd>
      </dl>
      {user.adminSignInRequired && (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          This is an admin's account, but this sign-in does not carry admin: admin needs a Google sign-in within the last {ADMIN_SIGN_IN_MAX_AGE_HOURS} hours.{" "}
          <GoogleSignInLink className={ui.link}>Sign in with Google again</GoogleSignInLink>
        </p>
      )}
    </section>
  );
}

/** Download my data, sign out everywhere, delete my account. */
function AccountActions() {
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<"sign-out" | "delete" | null>(null);
  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadMyData();
    } catch (error) {
      setDownloadError(toastFailure("Download Failed", "Could not prepare your data. Please try again.")(error));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <>
      <section aria-labelledby="account-data" className={`${ui.card} flex flex-col gap-3`}>
        <h2 id="account-data" className="text-lg font-semibold">
          Your data
        </h2>
        <p className={`text-sm ${ui.muted}`}>
          A file (JSON) of everything we store about your account: wallets, sessions, orders, reservations, stories, previews and, for artists and admins, their
          work. What we store and for how long:{" "}
          <Link to="/privacy" className={ui.link}>
            Privacy Policy
          </Link>
          .
        </p>
        {downloadError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {downloadError}
          </p>
        )}
        <button type="button" className={`${ui.secondary} self-start`} onClick={() => void download()} disabled={downloading}>
          {downloading ? "Preparing..." : "Download my data"}
        </button>
      </section>
      <section aria-labelledby="account-sessions" className={`${ui.card} flex flex-col gap-3`}>
        <h2 id="account-sessions" className="text-lg font-semibold">
          Sessions
        </h2>
        <p className={`text-sm ${ui.muted}`}>Signed in on a device you no longer have, or a shared computer? Sign out on every browser at once.</p>
        <button type="button" className={`${ui.secondary} self-start`} onClick={() => setDialog("sign-out")}>
          Sign out everywhere
        </button>
      </section>
      <section aria-labelledby="account-delete" className={`${ui.card} flex flex-col gap-3`}>
        <h2 id="account-delete" className="text-lg font-semibold">
          Delete my account
        </h2>
        <p className={`text-sm ${ui.muted}`}>
          Removes your account's personal data and signs you out everywhere. Orders stay for accounting, and what is on the blockchains stays there.
        </p>
        <button type="button" className={`${ui.danger} self-start`} onClick={() => setDialog("delete")}>
          Delete my account
        </button>
      </section>
      {dialog === "sign-out" && (
        <ConfirmDialog
          title="Sign out everywhere?"
          text="Every browser signed in to this account is signed out, this one too. You can sign in again at any time."
          confirm="Sign out everywhere"
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            try {
              await signOutEverywhere();
            } catch (error) {
              throw new Error(apiMessage(error) ?? "Could not sign out everywhere. Please try again.");
            }
          }}
        />
      )}
      {dialog === "delete" && <DeleteAccountDialog onClose={() => setDialog(null)} />}
    </>
  );
}

/** /account: the signed-in user's account, their data, their sessions; sign in first otherwise. */
export default function AccountPage() {
  const user = useUser();
  if (user.isLoading) return <Spinner />;
  return (
    <PageShell title="Your Account">
      {user.error && !user.data ? (
        <ErrorNotice error={user.error} title="Could not check your sign-in" onRetry={() => void user.refetch()} retrying={user.isFetching} />
      ) : !user.data ? (
        <section aria-labelledby="account-login" className={`${ui.card} flex flex-col items-center gap-3 py-8 text-center`}>
          <h2 id="account-login" className="text-lg font-semibold">
            Login Required
          </h2>
          <p className={`text-sm ${ui.muted}`}>Sign in to see your account, download your data or delete your account.</p>
          <GoogleSignInLink />
        </section>
      ) : (
        <div className="flex flex-col gap-4">
          <AccountSummary user={user.data} />
          <AccountActions />
        </div>
      )}
    </PageShell>
  );
}
