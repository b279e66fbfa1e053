import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { ui } from "../components/ui.ts";
import { GoogleSignInLink } from "./GoogleSignInLink.tsx";
import { useSignIn, useSignOut, useUser } from "./useAuth.ts";
import { welcomeName } from "./welcomeName.ts";

// Radix's menu stays out of the home page's first load.
const SignInMenu = lazy(() => import("./SignInMenu.tsx"));

/** "Sign In" choices (Google, or Sign-In with Ethereum), or "Welcome {name}" with Sign Out. */
export function AuthControls({ stacked = false }: { stacked?: boolean }) {
  const user = useUser();
  const { signIn, pending } = useSignIn();
  const { signOut, pending: signingOut } = useSignOut();
  if (user.isLoading) return null;
  if (user.data) {
    return (
      <div className={`flex min-w-0 items-center gap-2 ${stacked ? "flex-col items-start" : ""}`}>
        <span className="max-w-[16rem] min-w-0 truncate text-sm whitespace-nowrap">
          Welcome{" "}
          <Link to="/account" className="font-semibold underline-offset-2 hover:underline" title="Your account">
            {welcomeName(user.data)}
          </Link>
        </span>
        <button type="button" className={`${ui.secondary} ${ui.small} shrink-0 whitespace-nowrap`} onClick={signOut} disabled={signingOut}>
          {signingOut ? "Signing out..." : "Sign Out"}
        </button>
      </div>
    );
  }
  if (stacked) {
    return (
      <div className="flex flex-col gap-2">
        <GoogleSignInLink className={ui.primary} />
        <button type="button" className={ui.secondary} onClick={signIn} disabled={pending}>
          {pending ? "Signing in..." : "Sign in with Ethereum"}
        </button>
      </div>
    );
  }
  return (
    <Suspense
      fallback={
        <button type="button" className={`${ui.primary} ${ui.small}`} disabled>
          Sign In
        </button>
      }
    >
      <SignInMenu />
    </Suspense>
  );
}
