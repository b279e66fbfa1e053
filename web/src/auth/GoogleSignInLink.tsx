import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { ui } from "../components/ui.ts";
import { googleLoginUrl, pathOf } from "./googleLogin.ts";

/**
 * A navigation to Google sign-in (a link, not a fetch: the provider's page must load) that comes
 * back to `returnTo`, by default the page it is on.
 */
export function GoogleSignInLink({
  children = "Continue with Google",
  returnTo,
  className = ui.primary,
  newTab = false,
}: {
  children?: ReactNode;
  returnTo?: string;
  className?: string;
  newTab?: boolean;
}) {
  const location = useLocation();
  const href = googleLoginUrl(returnTo ?? pathOf(location));
  return (
    <a href={href} className={className} {...(newTab ? { target: "_blank", rel: "noopener" } : {})}>
      <GoogleMark />
      {children}
    </a>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 shrink-0">
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.5 5.5 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1.1.7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.6-4.9h-4v3.1A12 12 0 0 0 12 24z" />
      <path fill="#FBBC05" d="M5.4 14.4a7.2 7.2 0 0 1 0-4.7V6.6h-4a12 12 0 0 0 0 10.9l4-3.1z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.4 6.6l4 3.1C6.3 6.9 8.9 4.8 12 4.8z" />
    </svg>
  );
}
