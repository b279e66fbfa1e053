import { useEffect } from "react";
import { create } from "zustand";

interface PageTitleState {
  /** A page's own title (a Pix's name, what happened to an order), over its route's. */
  override: string | null;
}

export const usePageTitleStore = create<PageTitleState>()(() => ({ override: null }));

/**
 * Names the tab after what the page shows (`undefined`: the route's title until it is known).
 * The route's title comes back when the page goes; effects' order between pages does not matter.
 */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title === undefined) return;
    usePageTitleStore.setState({ override: title });
    return () => {
      if (usePageTitleStore.getState().override === title) usePageTitleStore.setState({ override: null });
    };
  }, [title]);
}
