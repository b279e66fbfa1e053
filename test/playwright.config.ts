import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, TEST_CHROMIUM } from "@pixlings/test-kit/chromium";
import { e2eHalf } from "./support/halves.ts";

// `npm run test:e2e`: the whole stack (globalSetup.ts) and Debian's Chromium, one worker (the
// tests share two chains), screenshots of every page kept in test/results/ as artefacts.
// `npm run test:e2e-1` and `test:e2e-2` (what `npm test` runs, side by side): a half of the spec
// files each (support/halves.ts), with a stack of its own, results in test/results/half-<n>/.
const half = e2eHalf(process.env.PIXLINGS_E2E_HALF);
const results = half ? `./results/half-${half.half}` : "./results";

export default defineConfig({
  testDir: "./e2e",
  outputDir: `${results}/output`,
  globalSetup: "./globalSetup.ts",
  workers: 1,
  fullyParallel: false,
  retries: 0,
  ...(half?.testMatch ? { testMatch: half.testMatch } : {}),
  ...(half?.testIgnore ? { testIgnore: half.testIgnore } : {}),
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [["list"], ["html", { outputFolder: `${results}/report`, open: "never" }]],
  use: {
    browserName: "chromium",
    launchOptions: { executablePath: TEST_CHROMIUM.executable, args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 900 },
    screenshot: "only-on-failure",
    // A failed test keeps its trace (each step's DOM and the network) but not the screencast:
    // recording frames all through every passing test only takes CPU from the stack under test.
    // In CI (CI=true), where `npm test` must end within 20 minutes on 2 cores, no trace at all: the
    // snapshots of every step cost about 5 % of the browser tests' CPU (docs/testing.md, "CPU").
    trace: process.env.CI ? "off" : { mode: "retain-on-failure", screenshots: false },
    colorScheme: "light",
  },
});
