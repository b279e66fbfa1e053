import type { Nft } from "@pixlings/shared/http/nfts";
import { useEffect, useState } from "react";
import { displayName } from "../../cart/addToCart.ts";
import { ui } from "../../components/ui.ts";
import { toast } from "../../toast/toastStore.ts";

/** How long the button says "Link copied". */
const COPIED_MS = 2_000;

/** The Pix's page as others should open it: its canonical /mint/{id}, on this site. */
const pixPageUrl = (origin: string, tokenId: number): string => `${origin}/mint/${tokenId}`;

/**
 * The mint page's extra action (the spec's "like/extra action" control): share the Pix. The
 * system share sheet where the browser has one (phones), else the link copied to the clipboard.
 */
export function SharePix({ nft }: { nft: Pick<Nft, "tokenId" | "name" | "customName"> }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const share = async () => {
    const url = pixPageUrl(window.location.origin, nft.tokenId);
    const title = `${displayName(nft)} (Pix #${nft.tokenId})`;
    if (typeof navigator.share === "function" && navigator.canShare?.({ title, url }) !== false) {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // Closing the share sheet is no failure; anything else falls back to copying.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast({ title: "Link copied", description: `The link to ${title} is on your clipboard.` });
    } catch {
      toast({ title: "Could not copy the link", description: url, variant: "destructive" });
    }
  };

  return (
    <button type="button" className={`${ui.secondary} ${ui.small}`} onClick={() => void share()}>
      <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M8 10V2m0 0L5 5m3-3 3 3M3 8v5a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8" />
      </svg>
      {copied ? "Link copied" : "Share this Pix"}
    </button>
  );
}
