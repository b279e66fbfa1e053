import { type ComponentType, createElement, lazy, type ReactElement } from "react";

export interface LazyPage {
  /** The route's element: the page itself once its chunk is here, else React.lazy's (suspending) wrapper. */
  element: ReactElement;
  /** Starts loading the page's chunk (once) and, with `url`, the data it opens with; resolves when the chunk is here. */
  preload(url?: URL): Promise<void>;
}

interface PageSource {
  loaded: ComponentType | undefined;
  Suspending: ComponentType;
}

// Plain createElement, not JSX: this file is unit-tested under Node, which reads no .tsx.
function PageOf({ source }: { source: PageSource }) {
  return createElement(source.loaded ?? source.Suspending);
}

/**
 * A route's page in its own chunk. The entry preloads the page it opens on before its first render
 * (web/src/main.tsx), so that page renders at once: a page that suspends shows its fallback, and
 * React then holds the page back for at least 300 ms (its fallback throttle), which was most of
 * /browse's largest paint. `prefetch` starts the page's first request alongside its chunk.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, prefetch?: (url: URL) => void): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () => {
    loading ??= load().then((module) => {
      source.loaded = module.default;
      return module;
    });
    return loading;
  };
  const source: PageSource = { loaded: undefined, Suspending: lazy(start) };
  return {
    element: createElement(PageOf, { source }),
    preload: async (url) => {
      if (url && prefetch) prefetch(url);
      await start();
    },
  };
}

/** A page in the entry chunk (home): nothing to load. */
export const eagerPage = (Page: ComponentType): LazyPage => ({ element: createElement(Page), preload: async () => undefined });
