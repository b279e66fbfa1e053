// One Pix, two chains, hostile timing: a buyer asks for a Pix on the other chain right after its
// mint is reported (never waiting for the indexer), with the indexer lagging, stalled, re-indexing
// from scratch, and across a reorg deeper than the voucher's margin. The chains are read directly:
// no id ever has owners on both.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { eventually, mine, testAccount, waitCaughtUp } from "@pixlings/test-kit/indexer";
import {
  authorize,
  authorized,
  expectStatus,
  fund,
  ownerOn,
  postJson,
  sendMint,
  signMint,
  startSaleStack,
  type Jar,
  type SaleStack,
} from "@pixlings/test-kit/saleStack";
import { signIn } from "@pixlings/test-kit/signIn";
import type { TestApi } from "@pixlings/test-kit/api";

const buyers = Array.from({ length: 4 }, (_, i) => testAccount(`race-${i}`));
const [first, second, third, fourth] = buyers as [(typeof buyers)[0], (typeof buyers)[0], (typeof buyers)[0], (typeof buyers)[0]];

/** Mints reported at once, then the other chain asked at once: at most one chain may own `id`. */
async function assertOneOwner(stack: SaleStack, id: number): Promise<void> {
  const owners = await Promise.all(stack.chains.map((c) => ownerOn(c, id)));
  assert.ok(owners.filter(Boolean).length <= 1, `Pix #${id} has owners on two chains: ${owners.join(", ")}`);
}

describe("the same Pix on two chains", () => {
  let stack: SaleStack;
  let api: TestApi;
  const jars = new Map<string, Jar>();
  const jar = (who: (typeof buyers)[number]): Jar => jars.get(who.address) ?? assert.fail("not signed in");

  before(async () => {
    // Ponder polls every 2 s: the indexer is always a little behind the chains, as on a busy day.
    stack = await startSaleStack({ pollingMs: 2_000 });
    await fund(stack, buyers, "100000");
    api = await stack.startApi({
      VOUCHER_TTL_SECONDS: "30",
      RESERVATION_MARGIN_SECONDS: "5",
      RESERVATION_COOLDOWN_SECONDS: "0",
      SALE_MAX_INDEXER_LAG_BLOCKS: "25",
    });
    for (const b of buyers) jars.set(b.address, await signIn(api, b));
  });
  after(async () => {
    await stack?.close();
  });

  it("refuses the other chain right after a reported mint, every time, while the indexer lags", async () => {
    for (let round = 0; round < 12; round++) {
      const id = 14 + round; // Common Pix (1..13 are Artist pieces)
      const [buyer, rival, chain, other] = round % 2 === 0 ? [first, second, stack.eth, stack.pol] : [second, first, stack.pol, stack.eth];
      const auth = await authorized(authorize(jar(buyer), [id], chain.chainId));
      const hash = await sendMint(chain, buyer, auth);
      await expectStatus(
        await postJson(jar(buyer), "/api/mint/specific", {
          tokenId: id,
          paymentMethod: "crypto",
          walletAddress: buyer.address,
          chainId: chain.chainId,
          transactionHash: hash,
        }),
        200,
      );
      const res = await authorize(jar(rival), [id], other.chainId);
      const body = await expectStatus(res, 409);
      assert.ok(body.code === "reserved" || body.code === "minted", JSON.stringify(body));
      await assertOneOwner(stack, id);
    }
  });

  it("refuses while the indexer is stalled (409 for a held id, 503 for others), and after it resumes (409)", async () => {
    const pid = stack.indexer.ponder.child.pid ?? assert.fail("no Ponder pid");
    for (let round = 0; round < 2; round++) {
      const id = 60 + round;
      const auth = await authorized(authorize(jar(third), [id], stack.eth.chainId));
      process.kill(pid, "SIGSTOP");
      try {
        await sendMint(stack.eth, third, auth);
        // The held id needs no indexer to be refused; any other waits for it to answer.
        assert.equal((await expectStatus(await authorize(jar(fourth), [id], stack.pol.chainId), 409)).code, "reserved");
        const stalled = await expectStatus(
          await authorize(jar(fourth), [id + 10], stack.pol.chainId),
          503,
          /^Sales are paused for a moment: the indexer is not answering\./,
        );
        assert.equal(stalled.code, "sales_paused");
      } finally {
        process.kill(pid, "SIGCONT");
      }
      const body = await expectStatus(await authorize(jar(fourth), [id], stack.pol.chainId), 409);
      assert.ok(body.code === "reserved" || body.code === "minted", JSON.stringify(body));
      await assertOneOwner(stack, id);
    }
  });

  it("pauses vouchers while the indexer is behind a chain's head (503), and sells once it caught up", async () => {
    const pid = stack.indexer.ponder.child.pid ?? assert.fail("no Ponder pid");
    process.kill(pid, "SIGSTOP");
    try {
      await mine(stack.pol, 60);
      // Past the API's half-second cache of the chains' heads.
      await new Promise((resolve) => setTimeout(resolve, 700));
    } finally {
      process.kill(pid, "SIGCONT");
    }
    const behind = await expectStatus(
      await authorize(jar(fourth), [70], stack.eth.chainId),
      503,
      /^Sales are paused for a moment: the indexer is catching up with Local Polygon \(block \d+ of \d+\)/,
    );
    assert.equal(behind.code, "sales_paused");
    await waitCaughtUp(stack.indexer, stack.chains);
    await authorized(authorize(jar(fourth), [70], stack.eth.chainId));
  });

  it("keeps the hold through a reorg deeper than the margin, so the re-mined mint is the only one", async () => {
    const { eth, pol } = stack;
    const id = 30;
    const auth = await authorized(authorize(jar(first), [id], eth.chainId));
    const raw = await signMint(eth, first, auth);
    const before = await eth.test.snapshot();
    const hash = await eth.clients.publicClient.sendRawTransaction({ serializedTransaction: raw });
    await eth.clients.publicClient.waitForTransactionReceipt({ hash });
    // The fork with the mint runs on, its latest block well past deadline + margin (chain time),
    // yet fewer blocks than finality: an indexer reading the latest block would free the id here.
    await eth.test.increaseTime({ seconds: 60 });
    await mine(eth, 10);
    await waitCaughtUp(stack.indexer, [eth]);
    const meanwhile = await expectStatus(await authorize(jar(second), [id], pol.chainId), 409);
    assert.ok(meanwhile.code === "reserved" || meanwhile.code === "minted", JSON.stringify(meanwhile));
    // The reorg: back before the mint, a longer fork without it, its blocks still inside the voucher's time.
    await eth.test.revert({ id: before });
    await mine(eth, 15);
    await waitCaughtUp(stack.indexer, [eth]);
    assert.equal(await ownerOn(eth, id), undefined, "premise: the reorg dropped the mint");
    const afterReorg = await expectStatus(await authorize(jar(second), [id], pol.chainId), 409);
    assert.equal(afterReorg.code, "reserved", "the hold outlives the dropped mint");
    // The dropped transaction comes back in a later block (its voucher is still valid there).
    const again = await eth.clients.publicClient.sendRawTransaction({ serializedTransaction: raw });
    await eth.clients.publicClient.waitForTransactionReceipt({ hash: again });
    await waitCaughtUp(stack.indexer, [eth]);
    await expectStatus(await authorize(jar(second), [id], pol.chainId), 409, /Pix #30 is (already minted on Local Ethereum|reserved until)/);
    assert.equal((await ownerOn(eth, id))?.toLowerCase(), first.address.toLowerCase());
    await assertOneOwner(stack, id);
  });

  it("pauses sales while the indexer re-indexes from scratch, then refuses ids minted long ago", async () => {
    const { eth, pol } = stack;
    // Ids minted and settled for good: their holds are released, only the indexer remembers them.
    const ids = [40, 41];
    const auth = await authorized(authorize(jar(third), ids, eth.chainId));
    await sendMint(eth, third, auth);
    await mine(eth, 70);
    await waitCaughtUp(stack.indexer, [eth]);
    await eventually(
      async () =>
        (await api.database.db.query.reservations.findMany({ where: (r, { and, inArray, isNull }) => and(inArray(r.tokenId, ids), isNull(r.releasedAt)) }))
          .length === 0,
      () => "holds released once the mint was final",
      30_000,
    );
    // A new indexer (new database) re-indexes everything while buyers keep asking.
    const restarting = stack.restartIndexer({ pollingMs: 200 });
    const answers: number[] = [];
    let indexed = false;
    const asking = (async () => {
      while (!indexed) {
        const res = await authorize(jar(fourth), [ids[answers.length % 2] ?? 40], pol.chainId);
        answers.push(res.status);
        assert.ok(res.status === 503 || res.status === 409, `answered ${res.status} while re-indexing: ${await res.text()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    try {
      await restarting;
      await waitCaughtUp(stack.indexer, stack.chains, 120_000).catch((error: unknown) => {
        throw new Error(`${(error as Error).message}\nPonder said:\n${stack.indexer.ponder.output()}`);
      });
    } finally {
      indexed = true;
      await asking;
    }
    assert.ok(answers.includes(503), `some answers while re-indexing were 503: ${answers.join(",")}`);
    for (const id of ids) {
      await expectStatus(await authorize(jar(fourth), [id], pol.chainId), 409, new RegExp(`^Pix #${id} is already minted on Local Ethereum$`));
      await assertOneOwner(stack, id);
    }
  });
});
