import { lazy, Suspense, useState } from "react";
import { useToastStore } from "./toastStore.ts";

// Radix's toast (about 9 kB gzipped) is no part of any page's first paint: it loads with the first toast.
const ToastView = lazy(() => import("./ToastView.tsx"));

/** Where toasts show: nothing until the first toast, then the toast view (its region) from then on. */
export function Toaster() {
  const raised = useToastStore((state) => state.current !== null);
  const [mounted, setMounted] = useState(false);
  if (raised && !mounted) setMounted(true);
  if (!mounted && !raised) return null;
  return (
    <Suspense fallback={null}>
      <ToastView />
    </Suspense>
  );
}
