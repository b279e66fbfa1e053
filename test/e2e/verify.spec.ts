import type { Page } from "@playwright/test";
import { decodeIndexedPng } from "@pixlings/test-kit/png";
import { repaintPng } from "@pixlings/test-kit/repaintPng";
import { E2E_WALLETS } from "../support/env.ts";
import { expect, test } from "../support/fixtures.ts";
import { firstAvailableId, mintFromItsPage } from "../support/mintFromPage.ts";

// "Verify on-chain" on the mint page: the browser reads the Pix from each chain's public RPC
// (tokenURI where it is minted, the stored art elsewhere) and compares its 81 pixels with the PNG
// the shop serves. Browse pages 91 and 92 are this spec's.

const section = (page: Page) => page.getByRole("region", { name: "Verify on-chain" });
const chainItem = (page: Page, name: string) =>
  section(page)
    .getByRole("listitem")
    .filter({ hasText: `${name}:` });

async function verify(page: Page): Promise<void> {
  await section(page).getByRole("button", { name: "Verify on-chain" }).click();
  await expect(section(page).getByRole("status")).not.toBeEmpty({ timeout: 30_000 });
}

test("a minted Pix matches on both chains: tokenURI where it was minted, the stored art on the other", async ({ page, useWallet, stack }) => {
  await useWallet(E2E_WALLETS.verifier.privateKey);
  const id = await firstAvailableId(page, 91);
  await mintFromItsPage(page, id, /Local Polygon/);
  await page.goto(`/mint/${id}`);
  await expect(page.getByRole("heading", { name: "Already Minted" })).toBeVisible();
  await verify(page);
  await expect(section(page).getByRole("status")).toHaveText("Verified: all 2 chains hold the image shown.");
  const polygon = chainItem(page, "Local Polygon");
  const ethereum = chainItem(page, "Local Ethereum");
  await expect(polygon).toContainText("Local Polygon: matches. All 81 pixels on-chain are the image shown here.");
  await expect(polygon).toContainText(/Read tokenURI from contract 0x\w{4}\.\.\.\w{4} at block \d+ on Local Polygon \(chain 31338\)\./);
  await expect(ethereum).toContainText("Local Ethereum: matches.");
  await expect(ethereum).toContainText(/Read artOf from contract 0x\w{4}\.\.\.\w{4} at block \d+ on Local Ethereum \(chain 31337\)\./);
  // The block is the chain's, read then: not later than the chain's head now.
  const polygonRpc = stack.chains.find((c) => c.chainId === 31338)!.rpcUrl;
  const head = await page.request.post(polygonRpc, { data: { jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] } });
  const block = Number(/at block (\d+)/.exec(await polygon.innerText())![1]);
  expect(block).toBeGreaterThan(0);
  expect(block).toBeLessThanOrEqual(Number(((await head.json()) as { result: string }).result));
});

test("a tampered image served by the shop fails the check on every chain, naming the differing cells", async ({ page }) => {
  const id = await firstAvailableId(page, 92);
  const png9 = await (await page.request.get(`/pixlings/pix_${id}.png?size=9`)).body();
  const real = decodeIndexedPng(png9);
  const colourAt = (cell: number) => real.palette[real.indices[cell]!]!;
  // Two cells repainted: row 3 column 4 and row 8 column 2, each to a colour it is not.
  const repaints = [21, 64].map((cell) => ({ cell, rgb: colourAt(cell) === 0x123456 ? 0x654321 : 0x123456 }));
  const tampered = repaintPng(png9, repaints);
  await page.route(new RegExp(`/pixlings/pix_${id}\\.png(\\?.*)?$`), (route) => route.fulfill({ status: 200, contentType: "image/png", body: tampered }));
  await page.goto(`/mint/${id}`);
  await verify(page);
  await expect(section(page).getByRole("status")).toHaveText(
    "Not verified: Local Ethereum disagrees with the shop's image; Local Polygon disagrees with the shop's image.",
  );
  const hex = (rgb: number) => `#${rgb.toString(16).padStart(6, "0")}`;
  for (const name of ["Local Ethereum", "Local Polygon"]) {
    const item = chainItem(page, name);
    await expect(item).toContainText(`${name}: does not match. 2 of 81 pixels differ from the image the shop serves.`);
    await expect(item).toContainText(
      `Differing: row 3, column 4 (chain ${hex(colourAt(21))}, shop ${hex(repaints[0]!.rgb)}); row 8, column 2 (chain ${hex(colourAt(64))}, shop ${hex(repaints[1]!.rgb)}).`,
    );
    await expect(item).toContainText(/Read artOf from contract .* at block \d+/);
  }
});

test("a chain that cannot be reached is said to be so, and the other chain still answers", async ({ page, stack }) => {
  const id = await firstAvailableId(page, 92);
  const polygonRpc = new URL(stack.chains.find((c) => c.chainId === 31338)!.rpcUrl);
  await page.route(
    (url) => url.origin === polygonRpc.origin,
    (route) => route.abort("connectionrefused"),
  );
  await page.goto(`/mint/${id}`);
  await verify(page);
  await expect(section(page).getByRole("status")).toHaveText("Not verified: Local Polygon could not be reached.");
  await expect(chainItem(page, "Local Polygon")).toContainText("Local Polygon: could not be reached, so this Pix is not verified there.");
  await expect(chainItem(page, "Local Polygon")).toContainText(polygonRpc.origin);
  await expect(chainItem(page, "Local Ethereum")).toContainText("Local Ethereum: matches.");
});
