import { type RefObject, useEffect, useState } from "react";
import { ui } from "../../components/ui.ts";

/**
 * On phones, a bar fixed to the bottom of the screen while the buy button of `target` is not on
 * screen: the Pix, its price and the buy button, reachable from the first screen. Its button does
 * what the section's own one does (the element marked `data-buy`), so there is one path to buy;
 * when that one is a sign-in link or disabled, the bar brings the section into view instead.
 */
export function StickyBuyBar({ target, name, price, label }: { target: RefObject<HTMLElement | null>; name: string; price: string; label: string }) {
  const [hidden, setHidden] = useState(true);

  useEffect(() => {
    const section = target.current;
    if (!section) return;
    // Hidden while the section's own buy control (else its first link, else the section) is wholly on screen.
    const update = () => {
      const anchor = section.querySelector("[data-buy]") ?? section.querySelector("a[href]") ?? section;
      const { top, bottom } = anchor.getBoundingClientRect();
      setHidden(top >= 0 && bottom <= window.innerHeight);
    };
    update();
    const resized = new ResizeObserver(update);
    resized.observe(section);
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      resized.disconnect();
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, [target]);

  const buy = () => {
    const section = target.current;
    if (!section) return;
    const action = section.querySelector<HTMLButtonElement>("button[data-buy]");
    // The buy control itself to the middle of the screen: a section taller than the screen, centred,
    // leaves its button partly below it (and the bar up).
    (action ?? section).scrollIntoView({ block: "center", behavior: "smooth" });
    if (action && !action.disabled) action.click();
    else section.querySelector<HTMLElement>("a[href], button:not([disabled])")?.focus({ preventScroll: true });
  };

  if (hidden) return null;
  return (
    <div
      data-testid="sticky-buy-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-neutral-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur md:hidden dark:border-neutral-800 dark:bg-neutral-950/95"
    >
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold">{name}</p>
          <p className="truncate text-sm">{price}</p>
        </div>
        <button type="button" onClick={buy} className={`${ui.primary} shrink-0`}>
          {label}
        </button>
      </div>
    </div>
  );
}
