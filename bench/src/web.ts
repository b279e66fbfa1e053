// `npm run bench:web`: what the storefront costs a visitor. The production build's initial JS and
// CSS (gzipped, what the home route loads before any interaction), then, in Debian's headless
// Chromium against the whole local stack (two chains, Ponder, the API serving web/dist): LCP and
// load time of `/` and `/browse` (100 images), each the median of 5 cold loads (fresh context).
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { initialLoad, INITIAL_JS_BUDGET_BYTES } from "./webInitialLoad.ts";
import { CHROMIUM_ARGS, ensureChromium, FULL_CHROMIUM } from "@pixlings/test-kit/chromium";
import { startStack } from "@pixlings/test-kit/stack";
import { runMain } from "@pixlings/scripts/cli";
import { REPO_ROOT } from "@pixlings/scripts/paths";
import { printFigureTable, type Targets } from "./figureTable.ts";
import { writeFigures, type Figure } from "./report.ts";

const RESULTS_FILE = path.join(REPO_ROOT, "bench", "results", "web.json");
const RUNS = 5;
const TARGETS: Targets = {
  initial_js_gz_kb: { describe: `<= ${INITIAL_JS_BUDGET_BYTES / 1000} kB`, pass: (v) => v * 1000 <= INITIAL_JS_BUDGET_BYTES },
  browse_lcp_ms: { describe: "<= 600 ms", pass: (v) => v <= 600 },
};

interface PageTiming {
  lcp: number;
  load: number;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One cold load of `url`: navigation start to load event, and the last LCP candidate once the page is idle. */
async function timePage(browser: Browser, url: string, ready: string): Promise<PageTiming> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    // These callbacks run in the page (DOM types are not in this package's lib).
    await page.addInitScript(() => {
      const w = globalThis as unknown as { __lcp: number };
      w.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: "largest-contentful-paint" as never, buffered: true });
    });
    await page.goto(url, { waitUntil: "load" });
    await page.locator(ready).first().waitFor();
    await page.waitForLoadState("networkidle");
    return await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation" as never)[0] as unknown as { loadEventEnd: number };
      return { lcp: (globalThis as unknown as { __lcp: number }).__lcp, load: nav.loadEventEnd };
    });
  } finally {
    await context.close();
  }
}

async function medianTiming(browser: Browser, url: string, ready: string): Promise<PageTiming> {
  await timePage(browser, url, ready); // warm the server's caches, not the browser's
  const runs: PageTiming[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await timePage(browser, url, ready));
  return { lcp: median(runs.map((r) => r.lcp)), load: median(runs.map((r) => r.load)) };
}

async function main(): Promise<number> {
  const load = initialLoad();
  const executablePath = ensureChromium(FULL_CHROMIUM);
  console.log("[bench:web] starting the stack (two chains with all the art, Ponder, API + web)");
  const stack = await startStack();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const home = await medianTiming(browser, `${stack.baseUrl}/`, "text=Featured Collection");
    const browse = await medianTiming(browser, `${stack.baseUrl}/browse`, "article");
    const ms = (value: number): Figure => ({ value: Math.round(value), unit: "ms", better: "lower" });
    const kb = (bytes: number): Figure => ({ value: Math.round(bytes / 100) / 10, unit: "kB", better: "lower" });
    const figures: Record<string, Figure> = {
      initial_js_gz_kb: kb(load.jsBytes),
      initial_css_gz_kb: kb(load.cssBytes),
      home_lcp_ms: ms(home.lcp),
      home_load_ms: ms(home.load),
      browse_lcp_ms: ms(browse.lcp),
      browse_load_ms: ms(browse.load),
    };
    printFigureTable(figures, TARGETS);
    writeFigures(RESULTS_FILE, figures);
    console.log(`wrote ${path.relative(REPO_ROOT, RESULTS_FILE)}`);
    return 0;
  } finally {
    await browser.close();
    await stack.stop();
  }
}

runMain(main);
