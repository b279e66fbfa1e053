import { ui } from "../components/ui.ts";
import { userDisplayName } from "./session.ts";
import { useSignIn, useSignOut, useUser } from "./useAuth.ts";

/** "Sign in with Ethereum", or "Welcome {name}" with Sign Out. */
export function AuthControls({ stacked = false }: { stacked?: boolean }) {
  const user = useUser();
  const { signIn, pending } = useSignIn();
  const { signOut, pending: signingOut } = useSignOut();
  if (user.isLoading) return null;
  if (user.data) {
    return (
      <div className={`flex items-center gap-2 ${stacked ? "flex-col items-start" : ""}`}>
        <span className="text-sm">
          Welcome <span className="font-semibold">{userDisplayName(user.data)}</span>
        </span>
        <button type="button" className={`${ui.secondary} ${ui.small}`} onClick={signOut} disabled={signingOut}>
          Sign Out
        </button>
      </div>
    );
  }
  return (
    <button type="button" className={`${ui.primary} ${stacked ? "" : ui.small}`} onClick={signIn} disabled={pending}>
      {pending ? "Signing in..." : "Sign in with Ethereum"}
    </button>
  );
}
