import { lazy, Suspense, useRef } from "react";
import { Outlet } from "react-router";
import { LinkPrompt } from "../auth/LinkPrompt.tsx";
import { useCartUi } from "../cart/cartUi.ts";
import { Spinner } from "../components/Spinner.tsx";
import { ImpersonationSlot } from "../impersonation/ImpersonationSlot.tsx";
import { Toaster } from "../toast/Toaster.tsx";
import { useWalletStore } from "../wallet/walletStore.ts";
import { DocumentTitle } from "./DocumentTitle.tsx";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";
import { useFocusMainOnNavigate } from "./useFocusMainOnNavigate.ts";

const CartDialog = lazy(() => import("../cart/CartDialog.tsx"));
const ConnectDialog = lazy(() => import("../wallet/ConnectDialog.tsx"));

export function Layout() {
  const cartOpen = useCartUi((state) => state.open);
  const connectOpen = useWalletStore((state) => state.dialogOpen);
  const main = useRef<HTMLElement>(null);
  useFocusMainOnNavigate(main);
  return (
    <div className="flex min-h-dvh flex-col bg-neutral-50 text-neutral-900 dark:bg-neutral-950 dark:text-neutral-100">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-black"
      >
        Skip to content
      </a>
      <DocumentTitle />
      <ImpersonationSlot />
      <Header />
      {/* Focusable from script only (the skip link, a new page): a landmark, not a control, so no ring. */}
      <main id="main" ref={main} tabIndex={-1} className="flex-1 outline-none">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Toaster />
      <LinkPrompt />
      <Suspense fallback={null}>
        {cartOpen && <CartDialog />}
        {connectOpen && <ConnectDialog />}
      </Suspense>
    </div>
  );
}
