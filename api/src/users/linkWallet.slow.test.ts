// linkWallet on PGlite and on a real Postgres 15 (a pool of 10 connections, so racing requests
// really run at once there, with its row locks and deadlock detection): one winner per wallet, a
// clear HttpError for every loser, nothing lost.
import assert from "node:assert/strict";
import { it } from "node:test";
import { eq } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import type { Address } from "viem";
import { describeOnApiDatabases } from "@pixlings/test-kit/apiDatabase";
import { users, userWallets } from "../db/tables/accounts.ts";
import { HttpError } from "../http/HttpError.ts";
import { findOrCreateGoogleUser } from "./findOrCreateGoogleUser.ts";
import { findOrCreateWalletUser } from "./findOrCreateWalletUser.ts";
import { linkWallet, type LinkWalletOutcome } from "./linkWallet.ts";

const newAddress = (): Address => privateKeyToAddress(generatePrivateKey());

/** The status and code of a refused link; fails the test on any error that is not an HttpError (a 500). */
function refusal(result: PromiseSettledResult<LinkWalletOutcome>): { status: number; code: unknown } {
  assert.equal(result.status, "rejected", `expected a refusal, got ${JSON.stringify(result)}`);
  const error = (result as PromiseRejectedResult).reason as unknown;
  assert.ok(error instanceof HttpError, `not a clear 4xx: ${String(error)}`);
  return { status: error.status, code: "code" in error.details ? error.details.code : undefined };
}

describeOnApiDatabases("linkWallet races", (database) => {
  const db = () => database().db;
  let people = 0;
  const googleUser = async (): Promise<number> =>
    (await findOrCreateGoogleUser(db(), { issuer: "https://google.test", sub: `sub-${++people}`, email: null, firstName: null, pictureUrl: null })).id;
  const holderOf = async (address: Address): Promise<number | undefined> =>
    (await db().select({ userId: userWallets.userId }).from(userWallets).where(eq(userWallets.address, address)))[0]?.userId;
  const userExists = async (id: number): Promise<boolean> => (await db().select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;
  const move = { confirmMove: true, freshProof: true };

  it("eight accounts racing to link one free wallet: one links it, seven get 409 wallet_linked_elsewhere", async () => {
    const address = newAddress();
    const racers = await Promise.all(Array.from({ length: 8 }, googleUser));
    const results = await Promise.allSettled(racers.map((userId) => linkWallet(db(), { userId, address, ...move })));
    const winners = results.flatMap((result, i) => (result.status === "fulfilled" ? [{ outcome: result.value, userId: racers[i] }] : []));
    assert.equal(winners.length, 1, JSON.stringify(results));
    assert.equal(winners[0]?.outcome, "linked");
    for (const result of results.filter((each) => each.status === "rejected"))
      assert.deepEqual(refusal(result), { status: 409, code: "wallet_linked_elsewhere" });
    assert.equal(await holderOf(address), winners[0]?.userId);
  });

  it("eight accounts racing to move one wallet-only wallet: one moves it, seven get 409 wallet_linked_elsewhere", async () => {
    const address = newAddress();
    const { id: walletOnly } = await findOrCreateWalletUser(db(), address);
    const racers = await Promise.all(Array.from({ length: 8 }, googleUser));
    const results = await Promise.allSettled(racers.map((userId) => linkWallet(db(), { userId, address, ...move })));
    const winners = results.flatMap((result, i) => (result.status === "fulfilled" ? [{ outcome: result.value, userId: racers[i] }] : []));
    assert.equal(winners.length, 1, JSON.stringify(results));
    assert.equal(winners[0]?.outcome, "moved");
    for (const result of results.filter((each) => each.status === "rejected"))
      assert.deepEqual(refusal(result), { status: 409, code: "wallet_linked_elsewhere" });
    assert.equal(await holderOf(address), winners[0]?.userId);
    assert.equal(await userExists(walletOnly), false);
  });

  it("a move needs the confirmation and a fresh proof, whatever the session proved", async () => {
    const address = newAddress();
    const walletOnly = (await findOrCreateWalletUser(db(), address)).id;
    const mover = await googleUser();
    const unconfirmed = await Promise.allSettled([linkWallet(db(), { userId: mover, address, confirmMove: false, freshProof: true })]);
    assert.deepEqual(refusal(unconfirmed[0] as PromiseSettledResult<LinkWalletOutcome>), { status: 409, code: "wallet_has_own_account" });
    const unproven = await Promise.allSettled([linkWallet(db(), { userId: mover, address, confirmMove: true, freshProof: false })]);
    assert.deepEqual(refusal(unproven[0] as PromiseSettledResult<LinkWalletOutcome>), { status: 403, code: undefined });
    assert.equal(await holderOf(address), walletOnly);
    assert.equal(await linkWallet(db(), { userId: mover, address, ...move }), "moved");
    assert.equal(await linkWallet(db(), { userId: mover, address, ...move }), "unchanged");
  });

  it("two wallet-only accounts moving each other's wallet at once: one wins, the other is refused (401 or 409), both wallets end together", async () => {
    const [a, b] = [newAddress(), newAddress()];
    const userA = (await findOrCreateWalletUser(db(), a)).id;
    const userB = (await findOrCreateWalletUser(db(), b)).id;
    for (let round = 0; round < 3; round++) {
      const [x, y] = round === 0 ? [a, b] : [newAddress(), newAddress()];
      const ux = round === 0 ? userA : (await findOrCreateWalletUser(db(), x)).id;
      const uy = round === 0 ? userB : (await findOrCreateWalletUser(db(), y)).id;
      const results = await Promise.allSettled([linkWallet(db(), { userId: ux, address: y, ...move }), linkWallet(db(), { userId: uy, address: x, ...move })]);
      const fulfilled = results.filter((result) => result.status === "fulfilled");
      assert.equal(fulfilled.length, 1, JSON.stringify(results));
      const loser = results.find((result) => result.status === "rejected");
      assert.ok(loser);
      assert.ok([401, 409].includes(refusal(loser).status));
      const holders = new Set([await holderOf(x), await holderOf(y)]);
      assert.equal(holders.size, 1, "both wallets in the surviving account");
      const [survivor] = [...holders];
      assert.ok(survivor === ux || survivor === uy);
      assert.equal(await userExists(survivor === ux ? uy : ux), false);
    }
  });

  it("a move racing its account linking a second wallet: either the move wins (the link is 401) or the link does (the move is 409); no wallet is lost", async () => {
    for (let round = 0; round < 4; round++) {
      const wallet = newAddress();
      const second = newAddress();
      const walletOnly = (await findOrCreateWalletUser(db(), wallet)).id;
      const mover = await googleUser();
      const [moved, linked] = await Promise.allSettled([
        linkWallet(db(), { userId: mover, address: wallet, ...move }),
        linkWallet(db(), { userId: walletOnly, address: second, confirmMove: false, freshProof: true }),
      ]);
      if (moved.status === "fulfilled") {
        assert.equal(moved.value, "moved");
        assert.equal(refusal(linked).status, 401);
        assert.equal(await holderOf(wallet), mover);
        assert.equal(await holderOf(second), undefined, "the second wallet was never linked, so it is free, not lost in a deleted account");
      } else {
        assert.deepEqual(refusal(moved), { status: 409, code: "wallet_linked_elsewhere" });
        assert.equal(linked.status, "fulfilled");
        assert.equal(await holderOf(wallet), walletOnly);
        assert.equal(await holderOf(second), walletOnly);
      }
    }
  });
});
