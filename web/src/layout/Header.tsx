import { lazy, Suspense, useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { COLLECTION } from "@pixlings/shared/collection";
import { AuthControls } from "../auth/AuthControls.tsx";
import { useUser } from "../auth/useAuth.ts";
import { CartButton } from "../cart/CartButton.tsx";
import { ui } from "../components/ui.ts";
import { ThemeSelect } from "../theme/ThemeSelect.tsx";
import { useWalletStore } from "../wallet/walletStore.ts";

const AccountMenu = lazy(() => import("../wallet/AccountMenu.tsx"));

const LINKS = [
  { to: "/", label: "Home", end: true },
  { to: "/browse", label: "Browse", end: false },
  { to: `/my-${COLLECTION.slug}`, label: `My ${COLLECTION.name}`, end: false },
  { to: "/artist-login", label: "Artist", end: false },
];

function NavLinks({ vertical = false }: { vertical?: boolean }) {
  const user = useUser();
  const links = user.data?.isAdmin ? [...LINKS, { to: "/admin", label: "Admin", end: false }] : LINKS;
  return (
    <ul className={`flex ${vertical ? "flex-col gap-1" : "items-center gap-0.5 xl:gap-1"}`}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink
            to={link.to}
            end={link.end}
            className={({ isActive }) =>
              `block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap hover:bg-neutral-100 dark:hover:bg-neutral-800 ${isActive ? "text-violet-700 dark:text-violet-300" : ""}`
            }
          >
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function WalletSlot() {
  const connected = useWalletStore((state) => state.status === "connected");
  if (!connected) return null;
  return (
    <Suspense fallback={null}>
      <AccountMenu />
    </Suspense>
  );
}

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger: every navigation closes the menu.
  useEffect(() => setMenuOpen(false), [location.pathname]);
  return (
    <header className="sticky top-0 z-40 border-b border-neutral-200 bg-white/95 backdrop-blur dark:border-neutral-800 dark:bg-neutral-950/95">
      <div className={`${ui.container} flex h-16 items-center gap-2`}>
        <Link to="/" className="mr-2 flex shrink-0 items-center gap-2 text-lg font-extrabold tracking-tight">
          <img src="/favicon.svg" alt="" width={28} height={28} className="[image-rendering:pixelated]" />
          {/* On a phone the mark alone: the wallet, cart and menu need the row. */}
          <span className="sr-only sm:not-sr-only">{COLLECTION.name}</span>
        </Link>
        <nav aria-label="Main" className="hidden shrink-0 md:block">
          <NavLinks />
        </nav>
        {/* One row at every width and sign-in state: below xl the sign-in controls live in the menu. */}
        <div className="ml-auto flex min-w-0 items-center gap-2 [&>*]:shrink-0">
          <WalletSlot />
          <div className="hidden min-w-0 shrink xl:block">
            <AuthControls />
          </div>
          <div className="hidden sm:block">
            <ThemeSelect id="theme-desktop" />
          </div>
          <CartButton />
          <button
            type="button"
            className={`${ui.ghost} px-3 xl:hidden`}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="sr-only">Menu</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d={menuOpen ? "M6 6l12 12M18 6L6 18" : "M4 7h16M4 12h16M4 17h16"} />
            </svg>
          </button>
        </div>
      </div>
      {menuOpen && (
        <div id="mobile-menu" className={`${ui.container} flex flex-col gap-3 border-t border-neutral-200 py-3 xl:hidden dark:border-neutral-800`}>
          <nav aria-label="Mobile" className="md:hidden">
            <NavLinks vertical />
          </nav>
          <AuthControls stacked />
          <div className="sm:hidden">
            <ThemeSelect id="theme-mobile" />
          </div>
        </div>
      )}
    </header>
  );
}
