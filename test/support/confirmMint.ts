import type { Page } from "@playwright/test";
import { mineToFinality } from "@pixlings/test-kit/finality";
import type { StackInfo } from "@pixlings/test-kit/stack";
import { expect } from "./fixtures.ts";

/**
 * A card or freemint order's custody mint in a block the chain can still undo ("Confirming on the
 * Chain..." on its page), then the blocks that make it final mined on the primary chain (the
 * stack's chains mine only on transactions): the order shows as done only after that.
 */
export async function confirmMint(page: Page, stack: StackInfo, timeout: number): Promise<void> {
  await expect(page.getByRole("heading", { name: "Confirming on the Chain..." })).toBeVisible({ timeout });
  await mineToFinality(stack.chains.find((c) => c.chainId === 31337)!.rpcUrl, 31337);
}
