import * as Toast from "@radix-ui/react-toast";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useToastStore } from "./toastStore.ts";

/** Spec: a toast goes 5 s after it shows (the clock stops while the pointer or focus is on it). */
const TOAST_MS = 5000;

const VARIANTS = {
  default: "border-neutral-200 bg-white text-neutral-900 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100",
  destructive: "border-red-800 bg-red-700 text-white",
};

/** A dialog, menu or popover is open: Escape is theirs, the toast is not what the visitor looks at. */
const layerOpen = (): boolean =>
  document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"], [role="menu"][data-state="open"]') !== null;

/**
 * A toast read out by screen readers: a live region (as Radix's toasts announce, a status,
 * assertive for a destructive one) that gets its words a frame after it exists, so they are heard.
 */
function Announcement({ text, urgent }: { text: string; urgent: boolean }) {
  const [shown, setShown] = useState("");
  useEffect(() => {
    const frame = requestAnimationFrame(() => setShown(text));
    return () => cancelAnimationFrame(frame);
  }, [text]);
  return (
    <p className="sr-only" role="status" aria-live={urgent ? "assertive" : "polite"} aria-atomic="true">
      {shown}
    </p>
  );
}

/**
 * One toast at a time, bottom right, gone after 5 s (spec), and gone when the visitor leaves the
 * page it belongs to. Radix's viewport gives the "Notifications (F8)" region; the toast itself is
 * no dismissable layer, so it never takes Escape from a dialog open beneath it: Escape closes the
 * dialog first, then (with nothing else open) the toast. Loaded with the first toast (Toaster.tsx).
 */
export default function ToastView() {
  const current = useToastStore((state) => state.current);
  const dismiss = useToastStore((state) => state.dismiss);
  const { pathname } = useLocation();
  const [paused, setPaused] = useState(false);
  const remaining = useRef(TOAST_MS);

  useEffect(() => useToastStore.getState().leftFor(pathname), [pathname]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new toast starts a new clock.
  useEffect(() => {
    remaining.current = TOAST_MS;
    setPaused(false);
  }, [current?.id]);

  useEffect(() => {
    if (!current || paused) return;
    const started = Date.now();
    const timer = setTimeout(dismiss, remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [current, paused, dismiss]);

  useEffect(() => {
    if (!current) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented && !layerOpen()) dismiss();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [current, dismiss]);

  return (
    <Toast.Provider duration={TOAST_MS} swipeDirection="right">
      {current && <Announcement key={current.id} text={`${current.title}. ${current.description ?? ""}`} urgent={current.variant === "destructive"} />}
      <Toast.Viewport className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none">
        {current && (
          <li
            key={current.id}
            data-variant={current.variant}
            onPointerEnter={() => setPaused(true)}
            onPointerLeave={() => setPaused(false)}
            onFocus={() => setPaused(true)}
            onBlur={() => setPaused(false)}
            className={`pointer-events-auto grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 rounded-lg border p-4 shadow-lg ${VARIANTS[current.variant]}`}
          >
            <p className="text-sm font-semibold">{current.title}</p>
            {current.description && <p className="col-start-1 text-sm break-words">{current.description}</p>}
            <button
              type="button"
              aria-label="Close"
              onClick={dismiss}
              className="col-start-2 row-start-1 rounded px-1 text-lg leading-none opacity-80 hover:opacity-100"
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        )}
      </Toast.Viewport>
    </Toast.Provider>
  );
}
