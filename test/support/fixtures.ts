import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import type { Hex } from "viem";
import { stackInfo } from "./env.ts";
import type { StackInfo } from "@pixlings/test-kit/stack";
import { TestWallet } from "./wallet/testWallet.ts";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

interface Fixtures {
  stack: StackInfo;
  /**
   * Installs a test wallet with `privateKey` into the page's context (before navigating), on
   * `chainId`, knowing the stack's chains (or only `knownChainIds`).
   */
  useWallet: (privateKey: Hex, chainId?: number, knownChainIds?: number[]) => Promise<TestWallet>;
}

export const test = base.extend<Fixtures>({
  stack: async ({}, use) => use(stackInfo()),
  baseURL: async ({}, use) => use(stackInfo().baseUrl),
  context: async ({ context }, use) => {
    // Only loopback: anything else would hang offline (TOOLCHAIN.md) and must not be needed.
    await context.route("**/*", (route) => {
      const { hostname, protocol } = new URL(route.request().url());
      if (protocol === "data:" || protocol === "blob:" || LOOPBACK.has(hostname)) return route.continue();
      return route.abort("blockedbyclient");
    });
    await use(context);
  },
  useWallet: async ({ context, stack }, use) => {
    await use(async (privateKey, chainId, knownChainIds) => {
      // A chain the stack does not sell still needs an RPC behind it for the wallet's own reads.
      const extra = chainId !== undefined && !stack.chains.some((c) => c.chainId === chainId) ? [{ chainId, rpcUrl: stack.chains[0]!.rpcUrl }] : [];
      const known = stack.chains.filter((c) => !knownChainIds || knownChainIds.includes(c.chainId));
      const wallet = new TestWallet({ privateKey, chains: [...known, ...extra], ...(chainId ? { chainId } : {}) });
      await wallet.install(context);
      return wallet;
    });
  },
});

export { expect };

/**
 * Screenshots of what shows on screen at desktop width and at 375 px, attached to the report and
 * kept on disk. Not full-page: a long page at 375 px is tens of thousands of pixels tall to paint
 * and encode, many times per run, on the cores the stack under test needs.
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  const info = test.info();
  const desktop = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const [label, width] of [
    ["desktop", desktop.width],
    ["375px", 375],
  ] as const) {
    await page.setViewportSize({ width, height: desktop.height });
    const file = info.outputPath(`${name}-${label}.png`);
    await page.screenshot({ path: file });
    await info.attach(`${name}-${label}`, { path: file, contentType: "image/png" });
  }
  await page.setViewportSize(desktop);
}

/**
 * The page's colours as they end, whatever the steps before left under way: the pointer parked at
 * the page's corner (nothing hovered, wherever the last click was), a colour-scheme change already
 * applied (the app follows it in a `change` listener, which runs before the next frame), and CSS
 * transitions off (a hover or a theme fading in has its final colours at once: mid-fade, contrast
 * is neither state's). Answers the undo.
 */
export async function settleColours(page: Page): Promise<() => Promise<void>> {
  await page.mouse.move(0, 0);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const style = await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  return async () => {
    await style.evaluate((element) => (element as Element).remove());
  };
}

/**
 * axe-core: no serious or critical violations on the page as it is now, once its colours have
 * settled (`settleColours`): the result does not depend on where the pointer rests or on a fade
 * under way.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const restore = await settleColours(page);
  try {
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  } finally {
    await restore();
  }
}
