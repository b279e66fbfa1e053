import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App, preloadPage } from "./App.tsx";
import { queries } from "./api/queries.ts";
import { queryClient } from "./api/queryClient.ts";
import "./styles.css";
import { applyTheme, useTheme, watchSystemTheme } from "./theme/theme.ts";
import { loadWallet } from "./wallet/loadWallet.ts";
import { wasConnected } from "./wallet/reconnect.ts";

applyTheme(useTheme.getState().theme);
watchSystemTheme();
// A wallet connected on the last visit reconnects now; otherwise wagmi loads only when needed.
if (wasConnected()) void loadWallet().catch(() => undefined);

const root = document.getElementById("root");
if (!root) throw new Error("No #root element");
// What every page's header and footer show is asked for now, not after the first render; so are
// the chains and coin prices every card's price needs (arriving after the first render, they
// rendered every card of the page again while its images waited to paint).
void queryClient.prefetchQuery(queries.user());
void queryClient.prefetchQuery(queries.shop());
void queryClient.prefetchQuery(queries.chains());
void queryClient.prefetchQuery(queries.cryptoPrices());
// The first render waits for the page's own chunk (its first request already on its way), so the
// page paints in that render instead of behind a spinner. A chunk that fails to load is left to
// the route, which shows the failure as any later navigation would.
// (No top-level await: the page chunks import this one, which would then never finish evaluating.)
void preloadPage(new URL(window.location.href))
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
