import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Nft } from "@pixlings/shared/http/nfts";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { queries } from "./queries.ts";

const WALLET = "0x71Da2DF7274846C3b839e68E0A291b1Ec6D0B371";
const pix = (tokenId: number): Nft => ({ tokenId }) as Nft;

/** queries.ownedPix as the page observes it, each key's answer held until `answer` releases it. */
function observe(client: QueryClient) {
  const pending = new Map<string, (nft: Nft) => void>();
  const options = (tokenId: number, wallet: string | undefined) => ({
    ...queries.ownedPix(tokenId, wallet),
    queryFn: () => new Promise<Nft>((resolve) => pending.set(`${tokenId}:${wallet ?? ""}`, resolve)),
  });
  const observer = new QueryObserver(client, options(1, undefined));
  const stop = observer.subscribe(() => undefined);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    observer,
    stop,
    show: async (tokenId: number, wallet: string | undefined) => {
      observer.setOptions(options(tokenId, wallet));
      await settle();
    },
    answer: async (tokenId: number, wallet: string | undefined) => {
      pending.get(`${tokenId}:${wallet ?? ""}`)!(pix(tokenId));
      await settle();
    },
  };
}

describe("/owned-pix's query while the wallet reconnects", () => {
  it("keeps the session's answer for the same Pix while it is asked for again with the wallet's address", async () => {
    const page = observe(new QueryClient());
    await page.answer(1, undefined);
    assert.equal(page.observer.getCurrentResult().data?.tokenId, 1);
    await page.show(1, WALLET);
    const waiting = page.observer.getCurrentResult();
    // Not loading (no spinner, no remount of the page's tabs and forms): the same Pix shown meanwhile.
    assert.equal(waiting.isLoading, false);
    assert.equal(waiting.isPlaceholderData, true);
    assert.equal(waiting.data?.tokenId, 1);
    await page.answer(1, WALLET);
    assert.equal(page.observer.getCurrentResult().isPlaceholderData, false);
    page.stop();
  });

  it("never shows another Pix's answer for a new id", async () => {
    const page = observe(new QueryClient());
    await page.answer(1, undefined);
    await page.show(2, undefined);
    const waiting = page.observer.getCurrentResult();
    assert.equal(waiting.data, undefined);
    assert.equal(waiting.isLoading, true);
    page.stop();
  });
});
