import { ensureChromium, TEST_CHROMIUM } from "@pixlings/test-kit/chromium";
import { E2E_WALLETS, STACK_ENV } from "./support/env.ts";
import { startStack } from "@pixlings/test-kit/stack";

/** Installs Chromium if missing, starts the stack, funds the test wallets; returns the teardown. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  ensureChromium(TEST_CHROMIUM);
  const started = Date.now();
  const stack = await startStack();
  for (const wallet of Object.values(E2E_WALLETS)) await stack.fund(wallet.address);
  const { baseUrl, indexerUrl, chains } = stack;
  process.env[STACK_ENV] = JSON.stringify({ baseUrl, indexerUrl, chains });
  console.log(`[e2e] stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s at ${baseUrl}`);
  return () => stack.stop();
}
