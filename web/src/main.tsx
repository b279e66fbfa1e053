import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./App.tsx";
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
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
