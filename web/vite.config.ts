import path from "node:path";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv } from "vite";
import { writePagePreloads } from "./build/pagePreloads.ts";
import { precompressAssets } from "./build/precompress.ts";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export default defineConfig(({ mode }) => {
  // The repo's .env fills in what the environment leaves unset (as for the other scripts).
  const env = { ...loadEnv(mode, repoRoot, ""), ...process.env };
  // Dev loop (`npm run dev`): hot reload here, /api and /pixlings proxied to the API.
  // Sign-in then needs the API's SIWE_DOMAIN set to this server's host (e.g. 127.0.0.1:5173).
  const proxy = { target: env.API_URL || "http://127.0.0.1:3001", changeOrigin: false, xfwd: true };
  return {
    // The hashed assets also as .br and .gz, served as they are (api/src/web/precompressed.ts), and
    // the chunks of the pages the API names in their index.html (api/src/web/pagePreloads.ts).
    plugins: [react(), tailwindcss(), precompressAssets(), writePagePreloads()],
    envDir: false as const,
    server: {
      host: env.WEB_DEV_HOST || "127.0.0.1",
      port: Number(env.WEB_DEV_PORT || 5173),
      strictPort: true,
      proxy: { "/api": proxy, "/pixlings": proxy },
    },
    build: {
      outDir: "dist",
      emptyOutDir: true,
      target: "es2022",
      manifest: true,
      rolldownOptions: {
        output: {
          // Everything the entry imports statically is one chunk: every page needs all of it at
          // once, and one file gzips smaller (about 9 kB) and arrives sooner over HTTP/1.1's six
          // connections than the two dozen shared chunks Rolldown splits it into by default. The
          // lazy routes and dialogs keep their own chunks. Only what is already in the initial
          // load is captured (not the dependencies of everything it names).
          codeSplitting: { groups: [{ name: "app", tags: ["$initial"], includeDependenciesRecursively: false }] },
        },
      },
    },
  };
});
