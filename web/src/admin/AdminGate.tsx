import { useEffect, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { ADMIN_SIGN_IN_MAX_AGE_HOURS, type User } from "@pixlings/shared/http/auth";
import { GoogleSignInLink } from "../auth/GoogleSignInLink.tsx";
import { googleLoginUrl, pathOf } from "../auth/googleLogin.ts";
import { useUser } from "../auth/useAuth.ts";
import { QueryFailed } from "../components/QueryFailed.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { ui } from "../components/ui.ts";

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={`${ui.container} max-w-md py-16`}>
      <section aria-labelledby="gate-title" className={`${ui.card} flex flex-col items-center gap-4 text-center`}>
        <h1 id="gate-title" className="text-2xl font-bold">
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}

/** Signed out on a page that goes straight to Google sign-in (spec: /debug-nfts). */
function RedirectToSignIn() {
  const location = useLocation();
  useEffect(() => {
    window.location.assign(googleLoginUrl(pathOf(location)));
  }, [location]);
  return <Spinner label="Redirecting to sign-in..." />;
}

/**
 * The admin pages' gate (docs/map.md#admin-area): "Admin Login Required" with Google sign-in when signed
 * out (or straight to sign-in with `redirectSignedOut`) and when an admin's account signed in with
 * a wallet or too long ago, "Access Denied" with "Return to Home" for anyone else; the page itself
 * for admins. The API checks the role again on every call.
 */
export function AdminGate({ children, redirectSignedOut = false }: { children: (admin: User) => ReactNode; redirectSignedOut?: boolean }) {
  const user = useUser();
  if (user.isLoading) return <Spinner />;
  // Not knowing who is signed in is not "signed out": say so, and offer to ask again.
  if (user.error && !user.data) {
    return <QueryFailed query={user} title="Could not check who is signed in" />;
  }
  if (!user.data) {
    if (redirectSignedOut) return <RedirectToSignIn />;
    return (
      <Notice title="Admin Login Required">
        <p className={ui.muted}>Sign in with an admin account to manage the collection.</p>
        <GoogleSignInLink />
      </Notice>
    );
  }
  if (user.data.adminSignInRequired) {
    return (
      <Notice title="Admin Login Required">
        <p className={ui.muted}>
          Admin needs a Google sign-in within the last {ADMIN_SIGN_IN_MAX_AGE_HOURS} hours; a wallet sign-in never carries it. Sign in with Google again to
          manage the collection.
        </p>
        <GoogleSignInLink />
      </Notice>
    );
  }
  if (!user.data.isAdmin) {
    return (
      <Notice title="Access Denied">
        <p className={ui.muted}>This area is for admins only. You are signed in without admin access.</p>
        <Link to="/" className={ui.primary}>
          Return to Home
        </Link>
      </Notice>
    );
  }
  return children(user.data);
}
