import { COLLECTION } from "@pixlings/shared/collection";
import { GoogleSignInLink } from "../../auth/GoogleSignInLink.tsx";
import { ui } from "../../components/ui.ts";
import { isMobile } from "../../wallet/isMobile.ts";

/** Neither signed in nor a wallet connected: the two ways in. */
export function LoginOrConnect({ connect }: { connect(): void }) {
  const mobile = isMobile();
  return (
    <div className={`${ui.container} max-w-lg py-16`}>
      <section aria-labelledby="login-title" className={`${ui.card} flex flex-col gap-3 text-center`}>
        <h1 id="login-title" className="text-2xl font-bold">
          Login or Connect Wallet
        </h1>
        <p className={`text-sm ${ui.muted}`}>
          Log in with Google to see all your {COLLECTION.name} and write their stories, or connect a wallet to see the Pix it holds.
        </p>
        <GoogleSignInLink returnTo={`/my-${COLLECTION.slug}`}>Log In with Google</GoogleSignInLink>
        <button type="button" className={ui.secondary} onClick={connect}>
          Connect Wallet
        </button>
        {mobile ? (
          <p className={`text-xs ${ui.muted}`}>On a phone, open this page in your wallet app's browser to connect your wallet.</p>
        ) : (
          <button type="button" className={ui.ghost} onClick={() => window.open(window.location.href, "_blank", "noopener")}>
            Open in New Tab
          </button>
        )}
      </section>
    </div>
  );
}
