// Live activity end to end: with the home page and /browse open, a Pix is minted straight on the
// chain (a buyer with a voucher the signer signed, as any wallet could send it); the home feed
// shows the mint and its counters move, and the Pix's browse tile flips to minted, with no reload.
import { voucherMintOnChain } from "@pixlings/test-kit/voucherMintOnChain";
import { E2E_WALLETS } from "../support/env.ts";
import { expect, expectAccessible, test } from "../support/fixtures.ts";

test("a mint made now shows in the home feed and its counters, and flips its browse tile, without a reload", async ({ context, stack }) => {
  const home = await context.newPage();
  await home.goto("/");
  const activity = home.getByRole("region", { name: "Live Activity" });
  await expect(activity.getByText("Live", { exact: true })).toBeVisible();
  const total = activity.getByRole("definition").last();
  const minted = async (): Promise<number> => Number((await total.textContent())?.replace(/\D/g, ""));
  const before = await minted();

  const browse = await context.newPage();
  // The last page (a page past it is the last): ids the other specs leave alone.
  await browse.goto("/browse?page=1000");
  await expect(browse.locator('[data-activity="live"]')).toBeVisible();
  const link = browse.getByRole("article").last().getByRole("link").first();
  const tokenId = Number(/\/mint\/(\d+)$/.exec((await link.getAttribute("href")) ?? "")?.[1]);
  expect(tokenId).toBeGreaterThan(0);
  // Marks this document: a reload would lose it.
  await Promise.all([home, browse].map((page) => page.evaluate(() => ((window as unknown as { unreloaded: boolean }).unreloaded = true))));

  await voucherMintOnChain(stack.chains[0]!, E2E_WALLETS.activity.privateKey, [tokenId]);

  const tile = browse.locator('[data-minted="true"]').filter({ has: browse.locator(`a[href="/mint/${tokenId}"]`) });
  await expect(tile).toBeVisible();
  await expect(tile).toContainText("Minted");
  // Sold: no Add to cart; and out of reach: even its link cannot take the focus.
  await expect(tile.locator("button")).toHaveCount(0);
  const focusable = await tile
    .locator(`a[href="/mint/${tokenId}"]`)
    .first()
    .evaluate((link) => {
      (link as HTMLElement).focus();
      return document.activeElement === link;
    });
  expect(focusable).toBe(false);
  const line = activity
    .getByRole("list", { name: "Latest activity" })
    .getByRole("listitem")
    .filter({ hasText: `Pix #${tokenId} ` });
  await expect(line).toContainText(`minted to ${E2E_WALLETS.activity.address.slice(0, 6)}`);
  await expect.poll(minted).toBe(before + 1);
  for (const page of [home, browse]) expect(await page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded)).toBe(true);
  // The feed with its lines, at 375 px too: no sideways scrolling; accessible in both themes.
  await home.setViewportSize({ width: 375, height: 740 });
  expect(await home.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  for (const colorScheme of ["light", "dark"] as const) {
    await home.emulateMedia({ colorScheme });
    await home.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
    await expectAccessible(home);
  }
});
