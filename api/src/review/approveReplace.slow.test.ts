// Approve & Replace against two real anvil chains, a real Ponder and the real API on Postgres 15
// (one world for the file, test-kit/src/replacementWorld.ts): the new art on both chains, in the
// indexer, the PNG and tokenURI; refused on a minted or reserved Pix with nothing written; one
// chain's RPC down (a TCP gate in front of it: the indexer still sees the chain) leaves a partial
// state the public never sees, that a retry completes or an abandon undoes; a chain written alone
// by an operator; a worker or an approve that crashed half way; an RPC hiccup retried. The races
// against the approve are in approveRaces.slow.test.ts.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { and, eq } from "drizzle-orm";
import { hexToBytes, parseGwei, type Hex } from "viem";
import { svgToPixels } from "@pixlings/shared/art/svg";
import { decodeTokenUri, svgOfImage } from "@pixlings/shared/art/tokenUri";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { AuditEntry, DisplacedList } from "@pixlings/shared/http/admin";
import type { ConversationMessage, Submission } from "@pixlings/shared/http/submissions";
import { TEST_ARTISTS } from "@pixlings/test-kit/artistActors";
import { replaceArt, testAccount, voucherMint } from "@pixlings/test-kit/indexer";
import { chainArt, codeOf, json, pieceOf, rgbOf, startReplacementWorld, until, type ReplacementWorld } from "@pixlings/test-kit/replacementWorld";
import { authorize, authorized, fund, sendMint } from "@pixlings/test-kit/saleStack";
import { signIn } from "@pixlings/test-kit/signIn";
import { readCatalogueFile } from "../catalogue/readCatalogueFile.ts";
import { seedCatalogue } from "../catalogue/seedCatalogue.ts";
import { artReplacements, replacementJobs } from "../db/tables/artReplacements.ts";
import { catalogue } from "../db/tables/catalogue.ts";
import { submissions } from "../db/tables/submissions.ts";
import { signAndStore } from "./advanceJob.ts";

describe("Approve & Replace", () => {
  let r: ReplacementWorld;
  before(async () => {
    r = await startReplacementWorld();
  });
  after(() => r?.close());
  const nonces = (): Promise<number[]> =>
    Promise.all(r.stack.chains.map((c) => c.clients.publicClient.getTransactionCount({ address: r.artAdmin.account.address })));

  it("writes the art on both chains; the submission is approved once indexed; PNG, token, catalogue and tokenURI show it; the old piece is kept", async () => {
    const art = pieceOf(1);
    const id = await r.submit("Sunrise", art);
    const before = await chainArt(r.stack.eth, 100);
    const res = await r.approve(id, 100, { adminNotes: "Lovely" });
    assert.equal(res.status, 202, await res.clone().text());
    const started = (await res.json()) as Submission;
    assert.deepEqual([started.status, started.targetTokenId, started.editable], ["pending", 100, false]);
    assert.deepEqual(
      started.replacement?.chains.map((c) => c.chainId),
      [31337, 31338],
    );
    // Held at once: no sale can start on it while the art is written.
    assert.ok((await r.token(100)).reservedUntil, "reserved while replaced");
    assert.equal((await json(r.world.jars.artist, "PATCH", `/api/artists/submissions/${id}`, { name: "Changed" })).status, 409);

    const done = await r.settled(id, "done");
    assert.deepEqual([done.status, done.adminNotes], ["approved", "Lovely"]);
    assert.ok(done.replacement?.chains.every((c) => c.state === "confirmed" && /^0x[0-9a-f]{64}$/.test(c.txHash ?? "")));
    for (const c of r.stack.chains) assert.deepEqual(rgbOf(await chainArt(c, 100)), rgbOf(art), `chain ${c.chainId}`);
    const indexed = await r.reader.reader.artOnChains(100);
    assert.deepEqual(
      [...indexed.values()].map((a) => [a.version, rgbOf(a).join()]),
      r.stack.chains.map(() => [2, rgbOf(art).join()]),
    );
    await until("the new PNG", async () => ((await r.pngRgb(100)).join() === rgbOf(art).join() ? true : undefined));
    const nft = await until("the catalogue", async () => {
      const current = await r.token(100);
      return current.name === "Sunrise" && current.reservedUntil === null ? current : undefined;
    });
    assert.deepEqual([nft.artistId, nft.artistName, nft.colorCount, nft.isMinted], [TEST_ARTISTS.artist.id, "Lumen", 3, false]);
    assert.match(nft.imageUrl, /\?v=2$/);
    // A restart's seed leaves the approved piece's catalogue row as the approval made it.
    const db = r.world.api.database.db;
    await seedCatalogue(db, await readCatalogueFile(r.world.api.config.catalogueFile));
    const [row] = await db.select().from(catalogue).where(eq(catalogue.tokenId, 100));
    assert.deepEqual([row?.name, row?.artistId, row?.colorCount], ["Sunrise", TEST_ARTISTS.artist.id, 3]);
    const chat = (await (await r.world.jars.artist.fetch(`/api/submissions/${id}/conversations`)).json()) as ConversationMessage[];
    assert.deepEqual(
      chat.map((m) => [m.messageType, m.message]),
      [["approval", "Approved as Token #100: Lovely"]],
    );
    const displaced = (await (await r.world.jars.admin.fetch("/api/admin/displaced")).json()) as DisplacedList;
    assert.deepEqual([displaced.total, displaced.originals[0]?.tokenId, rgbOf(displaced.originals[0]!.art).join()], [1, 100, rgbOf(before).join()]);

    // tokenURI renders the new art once minted; from then on the art is frozen.
    await voucherMint(r.stack.eth, testAccount("approve-replace-buyer"), [100]);
    const uri = await r.stack.eth.clients.publicClient.readContract({ address: r.stack.eth.address, abi: pixlingsAbi, functionName: "tokenURI", args: [100n] });
    assert.deepEqual(svgToPixels(svgOfImage(decodeTokenUri(uri).image)), rgbOf(art));
    const again = await r.submit("Too late", pieceOf(2));
    const footprintBefore = await r.footprint();
    const refused = await r.approve(again, 100);
    const body = (await refused.json()) as { code: string; chainId: number };
    assert.equal(refused.status, 409, JSON.stringify(body));
    assert.deepEqual([body.code, body.chainId], ["minted", 31337]);
    assert.deepEqual(await r.footprint(), footprintBefore, "nothing written");
    assert.deepEqual([(await r.view(again)).status, (await r.view(again)).targetTokenId], ["pending", null]);
  });

  it("refuses a Pix minted a moment ago on either chain, or reserved by a buyer, or art the admin did not see: 409, nothing written", async () => {
    const id = await r.submit("Refused", pieceOf(3));
    const footprintBefore = await r.footprint();
    // Minted on the second chain just now: the indexer may not show it yet; the contract does.
    await voucherMint(r.stack.pol, testAccount("approve-replace-pol-buyer"), [110]);
    assert.deepEqual(await codeOf(await r.approve(id, 110)), [409, "minted"]);
    // The artist swapped the piece after the admin opened it: the approve names the version it saw.
    const seen = (await r.view(id)).artVersion;
    assert.equal((await json(r.world.jars.artist, "POST", "/api/artists/submissions/upload-image", undefined)).status, 400);
    const form = new FormData();
    form.append("submissionId", String(id));
    form.append("art", JSON.stringify(pieceOf(33)));
    const edited = await r.world.jars.artist.fetch("/api/artists/submissions/upload-image", { method: "POST", body: form });
    assert.equal(edited.status, 200, await edited.clone().text());
    assert.deepEqual(await codeOf(await r.approve(id, 110, { artVersion: seen })), [409, "submission_state"]);
    assert.deepEqual(await r.footprint(), footprintBefore, "nothing written");

    const buyer = testAccount("approve-replace-holder");
    await fund(r.stack, [buyer]);
    const voucher = await authorized(authorize(await signIn(r.world.api, buyer), [120], 31337));
    const footprintHeld = await r.footprint();
    const reserved = await r.approve(id, 120);
    const body = (await reserved.json()) as { code: string; tokenIds: number[] };
    assert.deepEqual([reserved.status, body.code, body.tokenIds], [409, "reserved", [120]]);
    assert.deepEqual(await r.footprint(), footprintHeld, "nothing written");
    assert.deepEqual(footprintHeld, [footprintBefore[0], footprintBefore[1], footprintBefore[2]! + 1], "only the buyer's hold");
    assert.deepEqual([(await r.view(id)).status, (await r.view(id)).replacement], ["pending", null]);
    // Sold a moment ago: the buyer's hold lasts until the mint is final, but the answer is the sale's, not "a sale in progress".
    await sendMint(r.stack.eth, buyer, voucher);
    const sold = await r.approve(id, 120);
    const soldBody = (await sold.json()) as { code: string; chainId: number; message: string };
    assert.deepEqual([sold.status, soldBody.code, soldBody.chainId], [409, "minted", 31337]);
    assert.match(soldBody.message, /minted \(on Local Ethereum\)/);
    assert.deepEqual(await r.footprint(), footprintHeld, "nothing written");
  });

  it("with one chain's RPC down: a partial state the public never sees, never shown as done; a retry completes it", async () => {
    const art = pieceOf(4);
    const id = await r.submit("Half way", art);
    const before = await chainArt(r.stack.pol, 130);
    await r.gate.shut();
    try {
      assert.equal((await r.approve(id, 130)).status, 202);
      const failed = await r.settled(id, "failed");
      assert.equal(failed.status, "pending");
      assert.deepEqual(
        failed.replacement?.chains.map((c) => [c.chainId, c.state]),
        [
          [31337, "confirmed"],
          [31338, "failed"],
        ],
      );
      assert.match(failed.replacement?.chains[1]?.error ?? "", /Local Polygon's RPC is not answering/);
      assert.doesNotMatch(failed.replacement?.chains[1]?.error ?? "", /127\.0\.0\.1/);
      assert.deepEqual(rgbOf(await chainArt(r.stack.eth, 130)), rgbOf(art));
      assert.notDeepEqual(rgbOf(await chainArt(r.stack.pol, 130)), rgbOf(art));
      const mine = (await (await r.world.jars.artist.fetch("/api/artists/submissions")).json()) as Submission[];
      assert.equal(mine.find((s) => s.id === id)?.status, "pending", "the artist never sees it approved");
      const held = await r.token(130);
      assert.ok(held.reservedUntil, "still held");
      // The indexer has Local Ethereum's new art (the lowest chain id, which the art store shows): the public still sees the old piece.
      await until("Local Ethereum's new art indexed", async () => (sameRgb((await r.reader.reader.artOnChains(130)).get(31337), art) ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      assert.deepEqual(await r.pngRgb(130), rgbOf(before), "the PNG shows the old piece");
      assert.match(held.imageUrl, /\?v=1$/);
      assert.match((await r.token(130)).imageUrl, /\?v=1$/, "and keeps its old URL");
    } finally {
      await r.gate.open();
    }
    assert.equal((await json(r.world.jars.admin, "POST", `/api/admin/submissions/${id}/retry`)).status, 202);
    assert.equal((await r.settled(id, "done")).status, "approved");
    for (const c of r.stack.chains) assert.deepEqual(rgbOf(await chainArt(c, 130)), rgbOf(art), `chain ${c.chainId}`);
    assert.equal((await json(r.world.jars.admin, "POST", `/api/admin/submissions/${id}/retry`)).status, 409, "nothing left to retry");
  });

  it("an abandon after one chain failed writes the old art back where it changed, releases the Pix and leaves the submission editable", async () => {
    const id = await r.submit("Given up", pieceOf(6));
    const before = await Promise.all(r.stack.chains.map((c) => chainArt(c, 160)));
    assert.deepEqual(
      await codeOf(await json(r.world.jars.admin, "POST", `/api/admin/submissions/${id}/abandon`)),
      [409, "submission_state"],
      "nothing to abandon",
    );
    await r.gate.shut();
    try {
      assert.equal((await r.approve(id, 160)).status, 202);
      await r.settled(id, "failed");
    } finally {
      await r.gate.open();
    }
    assert.deepEqual(rgbOf(await chainArt(r.stack.eth, 160)), rgbOf(pieceOf(6)), "Local Ethereum has the new art");
    const abandoned = await json(r.world.jars.admin, "POST", `/api/admin/submissions/${id}/abandon`);
    assert.equal(abandoned.status, 202, await abandoned.clone().text());
    assert.ok(((await abandoned.json()) as Submission).replacement?.abandonedAt, "shown as being abandoned");
    assert.deepEqual(await codeOf(await json(r.world.jars.admin, "POST", `/api/admin/submissions/${id}/abandon`)), [409, "submission_state"], "once");
    const gone = await r.settled(id, "gone");
    assert.deepEqual([gone.status, gone.targetTokenId, gone.editable], ["pending", null, true]);
    for (const [i, c] of r.stack.chains.entries()) assert.deepEqual(rgbOf(await chainArt(c, 160)), rgbOf(before[i]!), `chain ${c.chainId} shows the old art`);
    assert.equal((await r.token(160)).reservedUntil, null, "the hold is released");
    assert.equal((await json(r.world.jars.artist, "PATCH", `/api/artists/submissions/${id}`, { name: "Editable again" })).status, 200);
    const audit = (await (await r.world.jars.admin.fetch("/api/admin/audit-log")).json()) as AuditEntry[];
    assert.ok(
      audit.some((e) => e.action === "submission.abandon" && e.submissionId === id),
      "on the record",
    );
  });

  it("a Pix whose chains hold different art versions (an operator wrote one chain alone) is replaced and finishes", async () => {
    // Local Ethereum's #150 is at version 2, Local Polygon's at version 1: each chain is judged by its own old version.
    await replaceArt(r.stack.eth, 150, { palette: [0x112233, 0x445566], pixels: Uint8Array.from({ length: 81 }, (_, i) => i % 2) });
    await until("the operator's art indexed", async () => ((await r.reader.reader.artOnChains(150)).get(31337)?.version === 2 ? true : undefined));
    const art = pieceOf(7);
    const id = await r.submit("Mixed versions", art);
    assert.equal((await r.approve(id, 150)).status, 202);
    assert.equal((await r.settled(id, "done")).status, "approved");
    const indexed = await r.reader.reader.artOnChains(150);
    assert.deepEqual(
      r.stack.chains.map((c) => [c.chainId, indexed.get(c.chainId)?.version, sameRgb(indexed.get(c.chainId), art)]),
      [
        [31337, 3, true],
        [31338, 2, true],
      ],
    );
  });

  it("after a crash once the transaction was stored (or even sent), the next worker sends nothing twice", async () => {
    r.stopWorker();
    const art = pieceOf(5);
    const id = await r.submit("Crash", art);
    assert.equal((await r.approve(id, 140)).status, 202);
    const db = r.world.api.database.db;
    const [replacement] = await db.select().from(artReplacements).where(eq(artReplacements.submissionId, id));
    const jobs = await db.select().from(replacementJobs).where(eq(replacementJobs.replacementId, replacement!.id));
    const sentBefore = await nonces();
    const context = { db, artAdmin: r.artAdmin, tokenId: 140, art: { palette: replacement!.palette, pixels: hexToBytes(replacement!.pixels as Hex) } };
    // Local Ethereum: signed and stored, then the process died before broadcasting.
    const storedEth = await signAndStore(context, r.artAdmin.chains.get(31337)!, jobs.find((j) => j.chainId === 31337)!);
    // Local Polygon: stored and broadcast (and mined), then the process died before recording it.
    const storedPol = await signAndStore(context, r.artAdmin.chains.get(31338)!, jobs.find((j) => j.chainId === 31338)!);
    await r.stack.pol.clients.publicClient.sendRawTransaction({ serializedTransaction: storedPol! });
    assert.ok(storedEth && storedPol);

    r.startWorker();
    const done = await r.settled(id, "done");
    const after = await db.select().from(replacementJobs).where(eq(replacementJobs.replacementId, replacement!.id)).orderBy(replacementJobs.chainId);
    assert.deepEqual(
      after.map((j) => j.txHashes.length),
      [1, 1],
      "one transaction signed per chain",
    );
    assert.deepEqual(
      done.replacement!.chains.map((c) => c.txHash),
      after.map((j) => j.txHash),
    );
    assert.deepEqual(
      await nonces(),
      sentBefore.map((n) => n + 1),
      "exactly one transaction sent on each chain",
    );
    for (const c of r.stack.chains) assert.deepEqual(rgbOf(await chainArt(c, 140)), rgbOf(art));
    assert.equal((await db.select().from(submissions).where(eq(submissions.id, id)))[0]?.status, "approved");
  });

  it("a stored transaction the chain refuses now (its fees under a risen base fee) is signed anew at its nonce, not sent again as is", async () => {
    r.stopWorker();
    const art = pieceOf(16);
    const id = await r.submit("Fee spike", art);
    assert.equal((await r.approve(id, 240)).status, 202);
    const db = r.world.api.database.db;
    const [replacement] = await db.select().from(artReplacements).where(eq(artReplacements.submissionId, id));
    const jobs = await db.select().from(replacementJobs).where(eq(replacementJobs.replacementId, replacement!.id));
    const context = { db, artAdmin: r.artAdmin, tokenId: 240, art: { palette: replacement!.palette, pixels: hexToBytes(replacement!.pixels as Hex) } };
    // Signed and stored on Local Polygon at today's fees; then the base fee jumps past them before it is broadcast.
    assert.ok(await signAndStore(context, r.artAdmin.chains.get(31338)!, jobs.find((j) => j.chainId === 31338)!));
    await r.stack.pol.test.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei("5000") });
    await r.stack.pol.test.mine({ blocks: 1 });
    r.startWorker();
    const done = await r.settled(id, "done");
    assert.equal(done.status, "approved");
    const [polJob] = await db
      .select()
      .from(replacementJobs)
      .where(and(eq(replacementJobs.replacementId, replacement!.id), eq(replacementJobs.chainId, 31338)));
    assert.deepEqual([polJob?.state, polJob?.txHashes.length], ["confirmed", 2], "the refused transaction replaced by one signed anew");
    for (const c of r.stack.chains) assert.deepEqual(rgbOf(await chainArt(c, 240)), rgbOf(art), `chain ${c.chainId}`);
  });

  it("retries a chain whose RPC does not answer for a moment by itself: never shown failed, one transaction", async () => {
    r.stopWorker();
    // Tries far enough apart that the RPC is back before they are used up.
    r.startWorker({ maxAttempts: 10, retryMs: 300 });
    const db = r.world.api.database.db;
    const art = pieceOf(15);
    const id = await r.submit("Hiccup", art);
    const polNonce = await r.stack.pol.clients.publicClient.getTransactionCount({ address: r.artAdmin.account.address });
    await r.gate.shut();
    let replacementId: number;
    try {
      const res = await r.approve(id, 230);
      assert.equal(res.status, 202, await res.clone().text());
      const [replacement] = await db.select().from(artReplacements).where(eq(artReplacements.submissionId, id));
      replacementId = replacement?.id ?? assert.fail("no replacement");
      const waiting = await until("a failed try on Local Polygon", async () => {
        const [job] = await db
          .select()
          .from(replacementJobs)
          .where(and(eq(replacementJobs.replacementId, replacementId), eq(replacementJobs.chainId, 31338)));
        return job && job.attempts > 0 ? job : undefined;
      });
      assert.equal(waiting.state, "pending", "waiting for its next try, not failed");
      assert.match(waiting.error ?? "", /Local Polygon's RPC is not answering/);
      assert.equal((await r.view(id)).replacement?.state, "writing");
    } finally {
      await r.gate.open();
    }
    const done = await r.settled(id, "done");
    assert.equal(done.status, "approved", "no admin retried it");
    for (const c of r.stack.chains) assert.deepEqual(rgbOf(await chainArt(c, 230)), rgbOf(art), `chain ${c.chainId}`);
    const [polJob] = await db
      .select()
      .from(replacementJobs)
      .where(and(eq(replacementJobs.replacementId, replacementId!), eq(replacementJobs.chainId, 31338)));
    assert.deepEqual([polJob?.state, polJob?.txHashes.length], ["confirmed", 1]);
    assert.equal(await r.stack.pol.clients.publicClient.getTransactionCount({ address: r.artAdmin.account.address }), polNonce + 1, "one transaction");
  });
});

const sameRgb = (
  a: { palette: readonly number[]; pixels: ArrayLike<number> } | undefined,
  b: { palette: readonly string[]; pixels: ArrayLike<number> },
): boolean => a !== undefined && rgbOf(a).join() === rgbOf(b).join();
