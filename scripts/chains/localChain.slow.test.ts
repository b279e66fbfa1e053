import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { createPublicClient, createWalletClient, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { CHAINS } from "@pixlings/shared/chains";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { freePort } from "./freePort.ts";
import { startLocalChain } from "./localChain.ts";

const dir = mkdtempSync(path.join(tmpdir(), "pixlings-chain-test-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const RECIPIENT = "0x000000000000000000000000000000000000bEEF";

function clients(url: string): {
  publicClient: ReturnType<typeof createPublicClient>;
  walletClient: ReturnType<typeof createWalletClient>;
} {
  const chain = CHAINS[31338].chain;
  const transport = http(url, { retryCount: 0 });
  return {
    publicClient: createPublicClient({ chain, transport, pollingInterval: 50 }),
    walletClient: createWalletClient({ chain, transport, account: privateKeyToAccount(DEV_KEYS.owner) }),
  };
}

test("a local chain keeps its state across a restart", async () => {
  const stateFile = path.join(dir, "state", "31338.json");
  const first = await startLocalChain({ chainId: 31338, port: await freePort(), stateFile });
  const { publicClient, walletClient } = clients(first.url);
  assert.equal(await publicClient.getChainId(), 31338);
  const hash = await walletClient.sendTransaction({
    account: walletClient.account!,
    chain: walletClient.chain,
    to: RECIPIENT,
    value: parseEther("1.5"),
  });
  await publicClient.waitForTransactionReceipt({ hash });
  const blockBefore = await publicClient.getBlockNumber();
  await first.stop();
  assert.ok(existsSync(stateFile), "anvil dumps its state on SIGTERM");

  const second = await startLocalChain({ chainId: 31338, port: await freePort(), stateFile });
  try {
    const restarted = clients(second.url).publicClient;
    assert.equal(await restarted.getBalance({ address: RECIPIENT }), parseEther("1.5"));
    assert.equal(await restarted.getBlockNumber(), blockBefore);
    const receipt = await restarted.getTransactionReceipt({ hash });
    assert.equal(receipt.status, "success", "transactions and receipts survive the restart (indexers need them)");
  } finally {
    await second.stop();
  }
});

test("stop() is idempotent and the chain stops answering", async () => {
  const chain = await startLocalChain({ chainId: 31337, port: await freePort() });
  await chain.stop();
  await chain.stop();
  assert.equal(await chain.exited, 0);
  await assert.rejects(clients(chain.url).publicClient.getChainId());
});

test("a taken port fails fast with a clear message", async () => {
  const blocker = net.createServer();
  const port = await freePort();
  await new Promise<void>((resolve) => blocker.listen(port, "127.0.0.1", resolve));
  try {
    await assert.rejects(startLocalChain({ chainId: 31337, port, portHint: "Set X_PORT." }), /Port \d+ .*not available.*Set X_PORT/);
  } finally {
    await new Promise<void>((resolve) => blocker.close(() => resolve()));
  }
});

test("a damaged state file is reported with a hint", async () => {
  const stateFile = path.join(dir, "damaged.json");
  writeFileSync(stateFile, "not json");
  await assert.rejects(startLocalChain({ chainId: 31337, port: await freePort(), stateFile }), /exited during start-up[\s\S]*--fresh/);
});
