import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useLocation } from "react-router";
import { ui } from "../components/ui.ts";
import { googleLoginUrl, pathOf } from "./googleLogin.ts";
import { useSignIn } from "./useAuth.ts";

const item =
  "flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm outline-none select-none data-[highlighted]:bg-neutral-100 dark:data-[highlighted]:bg-neutral-800";

/** The header's "Sign In": Google, or Sign-In with Ethereum (loaded on demand with Radix's menu). */
export default function SignInMenu() {
  const location = useLocation();
  const { signIn, pending } = useSignIn();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={`${ui.primary} ${ui.small}`} disabled={pending}>
        {pending ? "Signing in..." : "Sign In"}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-56 rounded-lg border border-neutral-200 bg-white p-1 text-neutral-900 shadow-lg dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100"
        >
          <DropdownMenu.Item asChild className={item}>
            <a href={googleLoginUrl(pathOf(location))}>Continue with Google</a>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={signIn}>
            Sign in with Ethereum
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
