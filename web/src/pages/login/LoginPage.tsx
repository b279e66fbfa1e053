import { Link, useSearchParams } from "react-router";
import { COLLECTION } from "@pixlings/shared/collection";
import { GoogleSignInLink } from "../../auth/GoogleSignInLink.tsx";
import { safeReturnTo } from "../../auth/googleLogin.ts";
import { ui } from "../../components/ui.ts";

/** /login[?returnTo=/path]: Google sign-in, coming back to where the user was. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get("returnTo"));
  return (
    <div className={`${ui.container} max-w-md py-16`}>
      <section aria-labelledby="login-title" className={`${ui.card} flex flex-col gap-4 text-center`}>
        <h1 id="login-title" className="text-2xl font-bold">
          Sign in to {COLLECTION.name}
        </h1>
        <p className={`text-sm ${ui.muted}`}>Sign in with your Google account to see your Pix, write their stories and link your wallets.</p>
        <GoogleSignInLink returnTo={returnTo} />
        <p className={`text-xs ${ui.muted}`}>Nothing happens, or the page is blocked inside an app?</p>
        <GoogleSignInLink returnTo={returnTo} newTab className={ui.secondary}>
          Try opening in new tab
        </GoogleSignInLink>
        <Link to="/" className={ui.link}>
          Back to Home
        </Link>
      </section>
    </div>
  );
}
