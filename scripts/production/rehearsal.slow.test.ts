// The production rehearsal (`npm run test:production`): the shop laid out as docs/production.md
// says (test-kit/src/productionStack.ts: one Postgres 15, two anvil chains with Sepolia's and Amoy's
// chain ids, `ponder start` and a `ponder serve` replica, two web processes and two workers under
// the production rules, the Stripe and Google stand-ins over https). Requests alternate between
// the two web processes (request i to web i % 2). The sales first, then what goes wrong in
// production: the active worker killed mid-fulfilment, a web process killed, Postgres restarted.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import postgres from "postgres";
import { createWalletClient, hexToBytes, http, keccak256, parseEther, toHex, type Address, type Hash, type LocalAccount } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { canonicalize, decodePiece } from "@pixlings/shared/art/codec";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { CardOrderView, CheckoutResponse } from "@pixlings/shared/http/checkout";
import type { NotReadyBody } from "@pixlings/shared/http/health";
import type { Nft } from "@pixlings/shared/http/nfts";
import type { MintAuthorization } from "@pixlings/shared/http/sale";
import type { Submission } from "@pixlings/shared/http/submissions";
import { cookieFetch } from "@pixlings/test-kit/api";
import { fixtureCardPrice, intentIdOf } from "@pixlings/test-kit/cardShop";
import { eventually, mintedIds } from "@pixlings/test-kit/indexer";
import { googleSignIn } from "@pixlings/test-kit/localGoogle";
import { skipPostgres } from "@pixlings/test-kit/postgres";
import { ARTIST, CUSTODY, holdsLease, startProductionStack, type ProductionChain, type ProductionStack } from "@pixlings/test-kit/productionStack";
import { pieceOf, rgbOf } from "@pixlings/test-kit/replacementWorld";

type Jar = ReturnType<typeof cookieFetch>;
const SEPOLIA = 11155111;
const buyerOf = (label: string): LocalAccount => privateKeyToAccount(keccak256(toHex(`pixlings-production-rehearsal:buyer:${label}`)));

describe("production rehearsal", { skip: skipPostgres() }, () => {
  let s: ProductionStack;
  let sql: postgres.Sql;
  let turn = 0;
  /** The next web process's URL: requests alternate between the two. */
  const web = (): string => s.webs[turn++ % 2]!.url;

  const send = async (jar: Jar, method: string, url: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> => {
    const res = await jar.fetch(url, {
      method,
      ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const expect = async <T>(status: number, call: Promise<{ status: number; body: Record<string, unknown> }>): Promise<T> => {
    const answer = await call;
    assert.equal(answer.status, status, JSON.stringify(answer.body));
    return answer.body as T;
  };

  /** Sign-In with Ethereum: the nonce from one web process, the signed message to another (`at` pins both to one). */
  const signInWallet = async (account: LocalAccount, at?: string): Promise<Jar> => {
    const jar = cookieFetch("");
    const { nonce } = await expect<{ nonce: string }>(200, send(jar, "GET", `${at ?? web()}/api/auth/nonce`));
    const message = createSiweMessage({
      address: account.address,
      chainId: SEPOLIA,
      domain: "pixlings.example",
      uri: "https://pixlings.example",
      version: "1",
      nonce,
      issuedAt: new Date(),
    });
    await expect(200, send(jar, "POST", `${at ?? web()}/api/auth/siwe`, { message, signature: await account.signMessage({ message }) }));
    return jar;
  };
  const fund = async (account: LocalAccount): Promise<void> => {
    for (const c of [s.sepolia, s.amoy]) await c.test.setBalance({ address: account.address, value: parseEther("1000") });
  };

  /** How many times each id was minted (Transfer from zero) on `chain`, read from the chain. */
  const mintCounts = async (chain: ProductionChain, ids: number[]): Promise<number[]> => {
    const minted = await mintedIds(chain.publicClient, chain.address);
    return ids.map((id) => minted.filter((m) => m === id).length);
  };
  const ownerOf = (chain: ProductionChain, id: number): Promise<Address | undefined> =>
    chain.publicClient.readContract({ address: chain.address, abi: pixlingsAbi, functionName: "ownerOf", args: [BigInt(id)] }).catch(() => undefined);

  /** Until the replica's indexer has every chain up to its head (the sale pauses while it lags). */
  const caughtUp = async (): Promise<void> => {
    const heads = await Promise.all([s.sepolia, s.amoy].map(async (c) => [c.chainId, Number(await c.publicClient.getBlockNumber({ cacheTime: 0 }))] as const));
    const status = async (): Promise<Record<string, { id: number; block: { number: number } }>> => (await fetch(`${s.replica.url}/status`)).json() as never;
    await eventually(
      async () => {
        const now = Object.values(await status());
        return heads.every(([id, head]) => now.some((c) => c.id === id && c.block.number >= head));
      },
      async () => `the indexer lags ${JSON.stringify(heads)}: ${JSON.stringify(await status().catch(String))}`,
      60_000,
    );
  };

  const placeCardOrder = (jar: Jar, tokenIds: number[]): Promise<CheckoutResponse> =>
    expect<CheckoutResponse>(
      200,
      send(jar, "POST", `${web()}/api/cart/checkout`, {
        tokenIds,
        paymentMethod: "card",
        totalAmount: tokenIds.reduce((sum, id) => sum + fixtureCardPrice(id), 0),
      }),
    );
  const pay = async (order: CheckoutResponse): Promise<void> => {
    await s.stripe.stripe.paymentIntents.confirm(intentIdOf(order.clientSecret), { payment_method: "pm_card_visa" });
  };
  /**
   * Until the order is minted, as its buyer reads it (alternating web processes). Once its mint is
   * in a block, Sepolia mines the blocks that make it final, as the live chain would go on.
   */
  const waitMinted = async (jar: Jar, orderId: string): Promise<CardOrderView> => {
    let view: CardOrderView | undefined;
    await eventually(
      async () => {
        view = await expect<CardOrderView>(200, send(jar, "GET", `${web()}/api/card-orders/${orderId}`));
        if (view.state === "minted") return true;
        const receipt = view.txHash ? await s.sepolia.publicClient.getTransactionReceipt({ hash: view.txHash as Hash }).catch(() => undefined) : undefined;
        if (receipt) {
          const missing = s.sepolia.finalityBlocks - Number((await s.sepolia.publicClient.getBlockNumber({ cacheTime: 0 })) - receipt.blockNumber);
          if (missing > 0) await s.sepolia.test.mine({ blocks: missing, interval: 0 });
        }
        return false;
      },
      () => `order ${orderId} is ${JSON.stringify(view)}`,
      60_000,
    );
    await caughtUp();
    return view!;
  };

  before(async () => {
    s = await startProductionStack();
    sql = postgres(s.pg.url, { max: 1, onnotice: () => undefined });
  });
  after(async () => {
    await sql?.end({ timeout: 1 });
    await s?.close();
  });

  const cardBuyer = buyerOf("card");
  let cardJar: Jar;

  it("a crypto sale: a voucher from one web process, the buyer's own mint, reported to and seen through the other", async () => {
    const buyer = buyerOf("crypto");
    await fund(buyer);
    const jar = await signInWallet(buyer);
    const auth = await expect<MintAuthorization>(200, send(jar, "POST", `${web()}/api/mint/authorize`, { tokenIds: [10], chainId: SEPOLIA }));
    const wallet = createWalletClient({ account: buyer, transport: http(s.sepolia.chain.url) });
    const hash = await wallet.writeContract({
      chain: null,
      address: auth.voucher.contract,
      abi: pixlingsAbi,
      functionName: "mint",
      args: [auth.voucher.ids.map(BigInt), BigInt(auth.voucher.deadline), auth.voucher.signature],
      value: BigInt(auth.value),
    });
    assert.equal((await s.sepolia.publicClient.waitForTransactionReceipt({ hash })).status, "success");
    await s.sepolia.test.mine({ blocks: 2, interval: 0 });
    await expect(
      200,
      send(jar, "POST", `${web()}/api/mint/specific`, {
        tokenId: 10,
        paymentMethod: "crypto",
        walletAddress: buyer.address,
        chainId: SEPOLIA,
        transactionHash: hash,
      }),
    );
    let token: Nft | undefined;
    await eventually(
      async () => {
        token = await expect<Nft>(200, send(cookieFetch(""), "GET", `${web()}/api/nfts/token/10`));
        return token.mintedOnChain === SEPOLIA && token.ownerType === "wallet";
      },
      () => `Pix #10 shows ${JSON.stringify(token)}`,
    );
    assert.deepEqual([await mintCounts(s.sepolia, [10]), await mintCounts(s.amoy, [10])], [[1], [0]]);
  });

  it("a card sale: order, payment at the Stripe stand-in, webhook, a worker's mint to custody, final", async () => {
    await fund(cardBuyer);
    cardJar = await signInWallet(cardBuyer);
    const order = await placeCardOrder(cardJar, [20, 21]);
    await pay(order);
    await waitMinted(cardJar, order.orderId);
    for (const id of [20, 21]) assert.equal(await ownerOf(s.sepolia, id), CUSTODY);
    assert.deepEqual(await mintCounts(s.sepolia, [20, 21]), [1, 1]);
  });

  it("Mint to Wallet of the card-bought Pix, after its cooling-off", async () => {
    const toWallet = () => send(cardJar, "POST", `${web()}/api/owner/pixlings/20/mint-to-wallet`, { walletAddress: cardBuyer.address });
    let answer = await toWallet();
    if (answer.status === 409 && answer.body.code === "transfer_hold") {
      // The cooling-off (CARD_TRANSFER_HOLD_SECONDS) counts from the payment: wait it out, as the buyer would.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(String(answer.body.until)) - Date.now()) + 200));
      answer = await toWallet();
    }
    assert.ok(answer.status === 200 || answer.status === 202, JSON.stringify(answer));
    await eventually(
      async () => (await ownerOf(s.sepolia, 20)) === cardBuyer.address,
      () => "Pix #20 did not leave custody",
      30_000,
    );
    assert.equal(await ownerOf(s.sepolia, 21), CUSTODY, "its order's other Pix stays in custody");
  });

  it("an art approval: the artist submits, the admin approves, a worker's Approve & Replace writes on both chains", async () => {
    // The artist's profile, as an operator adds one (ARTIST_EMAILS links the account at its sign-in).
    await sql`insert into artists (id, slug, name, email, is_approved) values (${ARTIST.id}, ${ARTIST.slug}, ${ARTIST.name}, ${ARTIST.email}, true)`;
    const artist = (await googleSignIn(web(), { account: "artist" })).jar;
    const admin = (await googleSignIn(web(), { account: "admin" })).jar;
    const art = pieceOf(7);
    const { id } = await expect<Submission>(
      201,
      send(artist, "POST", `${web()}/api/artists/submit`, { name: "Rehearsal", description: "Drawn for the rehearsal", art }),
    );
    const submission = await expect<Submission>(200, send(admin, "GET", `${web()}/api/admin/submissions/${id}`));
    await expect(202, send(admin, "PATCH", `${web()}/api/admin/submissions/${id}/approve`, { targetTokenId: 200, artVersion: submission.artVersion }));
    let view: Submission | undefined;
    await eventually(
      async () => {
        view = await expect<Submission>(200, send(admin, "GET", `${web()}/api/admin/submissions/${id}`));
        return view.replacement?.state === "done";
      },
      () => `the replacement is ${JSON.stringify(view?.replacement)}`,
      60_000,
    );
    for (const chain of [s.sepolia, s.amoy]) {
      const blob = await chain.publicClient.readContract({ address: chain.address, abi: pixlingsAbi, functionName: "artOf", args: [200n] });
      assert.deepEqual(rgbOf(canonicalize(decodePiece(hexToBytes(blob)))), rgbOf(art), `chain ${chain.chainId}`);
    }
  });

  it("kill -9 of the active worker mid-fulfilment: the standby finishes every order exactly once", async () => {
    const leases = await Promise.all(s.workers.map((w) => holdsLease(w, "fulfilment")));
    assert.equal(leases.filter(Boolean).length, 1, `exactly one worker runs fulfilment: ${leases.join(", ")}`);
    const activeIndex = leases.indexOf(true);
    const standby = s.workers[1 - activeIndex]!;
    const buyer = buyerOf("burst");
    await fund(buyer);
    const jar = await signInWallet(buyer);
    const batches = [[30], [31, 32], [33], [34, 35]];
    const orders: CheckoutResponse[] = [];
    for (const ids of batches) orders.push(await placeCardOrder(jar, ids));
    await Promise.all(orders.map(pay));
    // Killed as soon as it has sent its first mint to custody: the others paid, queued or claimed,
    // nothing final (the chain mines no block of its own).
    const orderIds = orders.map((order) => order.orderId);
    const sent = async (): Promise<number> =>
      (await sql<{ n: number }[]>`select count(*)::int as n from card_orders where id = any(${orderIds}) and mint_tx_hash is not null`)[0]!.n;
    await eventually(
      async () => (await sent()) > 0,
      () => "the active worker sent no mint",
    );
    await s.workers[activeIndex]!.kill();
    const states = await sql<{ state: string }[]>`select state::text from card_orders where id = any(${orderIds})`;
    assert.ok(
      states.every((row) => row.state !== "minted"),
      `killed mid-fulfilment: ${states.map((row) => row.state).join(", ")}`,
    );
    await eventually(
      () => holdsLease(standby, "fulfilment"),
      () => "the standby did not take the fulfilment lease",
      10_000,
    );
    for (const order of orders) assert.equal((await waitMinted(jar, order.orderId)).state, "minted");
    const ids = batches.flat();
    assert.deepEqual(
      await mintCounts(s.sepolia, ids),
      ids.map(() => 1),
      "each id minted once",
    );
    assert.deepEqual(
      await mintCounts(s.amoy, ids),
      ids.map(() => 0),
      "and never on the other chain",
    );
    for (const id of ids) assert.equal(await ownerOf(s.sepolia, id), CUSTODY);
    // As an orchestrator would: a new worker, the standby of the one now active.
    await s.restartWorker(activeIndex);
  });

  let holder: LocalAccount;
  let holderJar: Jar;

  it("kill -9 of a web process: the other serves sign-in, listings and a voucher", async () => {
    await s.webs[0]!.kill();
    const survivor = s.webs[1]!.url;
    holder = buyerOf("holder");
    await fund(holder);
    holderJar = await signInWallet(holder, survivor);
    const listing = await expect<{ nfts?: unknown[] } & Record<string, unknown>>(200, send(holderJar, "GET", `${survivor}/api/nfts/available?limit=5`));
    assert.ok(JSON.stringify(listing).includes('"tokenId"'), JSON.stringify(listing).slice(0, 300));
    await expect<MintAuthorization>(200, send(holderJar, "POST", `${survivor}/api/mint/authorize`, { tokenIds: [40], chainId: SEPOLIA }));
    await expect(200, send(cardJar, "GET", `${survivor}/api/auth/user`));
    await s.restartWeb(0);
  });

  it("Postgres restarted: /api/ready 503 on both web processes while it is down, 200 after; every process recovers; nothing lost or doubled", async () => {
    const orders = async () => sql<{ id: string; state: string }[]>`select id, state::text from card_orders order by id`;
    const sessions = async () => (await sql<{ id: string }[]>`select id from sessions order by id`).map((row) => row.id);
    const liveHolds = async () => sql<{ tokenId: number; address: string }[]>`
      select token_id as "tokenId", address from reservations where released_at is null and token_id = 40`;
    // An order paid as Postgres goes down: its webhook, its job and its mint come during the outage or after.
    const inFlight = await placeCardOrder(cardJar, [51]);
    const settled = async () => (await orders()).filter((order) => order.id !== inFlight.orderId);
    const [ordersBefore, sessionsBefore, holdsBefore] = [await settled(), await sessions(), await liveHolds()];
    assert.equal(holdsBefore.length, 1, "the voucher's hold on #40");
    const ready = async (url: string) => {
      const res = await fetch(`${url}/api/ready`);
      return { status: res.status, body: (await res.json()) as NotReadyBody };
    };

    // Each API process keeps a connection listening for the others' wakes (jobs queued, holds and art changed).
    const listening = async () => (await sql<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where query = 'listen "pixlings_wake"'`)[0]!.n;
    assert.equal(await listening(), 4);
    await pay(inFlight);
    await s.pg.halt();
    try {
      for (const w of s.webs) {
        const answer = await ready(w.url).catch((error: unknown) =>
          assert.fail(`${w.url} did not answer (${String((error as Error).cause ?? error)}):\n${w.output().slice(-4_000)}`),
        );
        assert.equal(answer.status, 503, JSON.stringify(answer.body));
        assert.ok(
          answer.body.reasons.some((reason) => /database is not answering/.test(reason)),
          JSON.stringify(answer.body),
        );
      }
    } finally {
      await s.pg.resume();
    }
    for (const w of s.webs)
      await eventually(
        async () => (await ready(w.url)).status === 200,
        async () => `${w.url} is not ready again: ${JSON.stringify((await ready(w.url)).body)}`,
        60_000,
      );
    await eventually(
      async () => (await Promise.all(s.workers.map((w) => holdsLease(w, "fulfilment")))).filter(Boolean).length === 1,
      () => "no single worker took the fulfilment lease back",
      20_000,
    );

    await eventually(
      async () => (await listening()) === 4,
      async () => `${await listening()} of 4 API processes listen for wakes again`,
      10_000,
    );
    for (const w of s.workers) assert.equal((await fetch(`${w.url}/metrics`)).status, 200, "both workers live");
    assert.deepEqual([s.ponder.child.exitCode, s.replica.child.exitCode], [null, null], "Ponder and its replica live");
    assert.deepEqual(await settled(), ordersBefore, "every order kept, none doubled");
    assert.deepEqual(await sessions(), sessionsBefore, "every session kept");
    assert.deepEqual(await liveHolds(), holdsBefore, "the hold kept, once");
    for (const w of s.webs) await expect(200, send(holderJar, "GET", `${w.url}/api/auth/user`));
    await waitMinted(cardJar, inFlight.orderId);
    // Everything moves again: a card sale from order to final mint, through both web processes and a worker.
    const order = await placeCardOrder(cardJar, [50]);
    await pay(order);
    await waitMinted(cardJar, order.orderId);
    const ids = [10, 20, 21, 30, 31, 32, 33, 34, 35, 50, 51];
    assert.deepEqual(
      await mintCounts(s.sepolia, ids),
      ids.map(() => 1),
      "every Pix minted once",
    );
    assert.equal((await orders()).length, ordersBefore.length + 2);
  });
});
