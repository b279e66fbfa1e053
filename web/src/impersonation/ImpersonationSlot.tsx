import { lazy, Suspense } from "react";
import { useUser } from "../auth/useAuth.ts";

// Only admins can impersonate: everyone else never loads the banner's code (home route budget).
const ImpersonationBanner = lazy(() => import("./ImpersonationBanner.tsx"));

/** Where the impersonation banner goes on every page: loaded for admins only. */
export function ImpersonationSlot() {
  const user = useUser();
  if (!user.data?.isAdmin) return null;
  return (
    <Suspense fallback={null}>
      <ImpersonationBanner />
    </Suspense>
  );
}
