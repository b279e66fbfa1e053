import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createPublicClient, createTestClient, http, parseEther, type PublicClient } from "viem";
import { foundry } from "viem/chains";
import { startOwnerChain, type OwnerChain } from "@pixlings/test-kit/ownerChain";
import { awaitReceipt } from "./storedTransaction.ts";

let owner: OwnerChain;
let chain: { url: string };
before(async () => {
  owner = await startOwnerChain(foundry.id);
  chain = owner.local;
});
after(async () => {
  await owner?.local.stop();
});

/** A client that counts the JSON-RPC methods it sends. */
function countingClient(url: string): { client: PublicClient; sent: Map<string, number> } {
  const sent = new Map<string, number>();
  const client = createPublicClient({
    chain: foundry,
    transport: http(url, {
      batch: false,
      onFetchRequest: async (request) => {
        const body = (await request.clone().json()) as { method: string };
        sent.set(body.method, (sent.get(body.method) ?? 0) + 1);
      },
    }),
  });
  return { client, sent };
}

test("jobs waiting for receipts ask for them once a new block comes, not every tick, and all get theirs", async () => {
  const test = createTestClient({ chain: foundry, mode: "anvil", transport: http(chain.url) });
  const wallet = owner.clients.walletClient;
  await test.setAutomine(false);
  const hash = await wallet.sendTransaction({ to: "0x000000000000000000000000000000000000dEaD", value: parseEther("1") });
  const { client, sent } = countingClient(chain.url);
  const waits = Array.from({ length: 8 }, () => awaitReceipt(client, hash, 30_000));
  // No block comes for a while: each wait asked at most once (viem merges identical requests in
  // flight), then only looked at the shared head; asking every 100 ms made 15 asks at least.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const beforeBlock = sent.get("eth_getTransactionReceipt") ?? 0;
  assert.ok(beforeBlock >= 1 && beforeBlock <= 8, JSON.stringify([...sent]));
  await test.mine({ blocks: 1 });
  const receipts = await Promise.all(waits);
  assert.ok(receipts.every((receipt) => receipt?.transactionHash === hash && receipt.status === "success"));
  assert.ok((sent.get("eth_getTransactionReceipt") ?? 0) <= beforeBlock + 8, `${JSON.stringify([...sent])}: once more each at most, after the block`);
  await test.setAutomine(true);
});

test("a transaction the node no longer knows ends the wait, with no block needed", async () => {
  const test = createTestClient({ chain: foundry, mode: "anvil", transport: http(chain.url) });
  const wallet = owner.clients.walletClient;
  await test.setAutomine(false);
  const hash = await wallet.sendTransaction({ to: "0x000000000000000000000000000000000000dEaD", value: parseEther("1") });
  await test.dropTransaction({ hash });
  const { client } = countingClient(chain.url);
  assert.equal(await awaitReceipt(client, hash, 30_000), undefined);
  await test.setAutomine(true);
});
