import assert from "node:assert/strict";
import { test } from "node:test";
import { createPublicClient, decodeFunctionData, getAddress, http, parseEther, zeroAddress, type Hex } from "viem";
import { pixChain } from "@pixlings/shared/chains";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { UsageError, type AdminCommand, type ChainView, type OptionValues, type TransactionPlan } from "../command.ts";
import type { ContractFacts } from "../facts.ts";
import { COMMANDS } from "./index.ts";
import { replaceArtRefusal } from "./replaceArt.ts";
import { MAX_PRICE_WEI } from "./setPrices.ts";

const OWNER = getAddress("0x00000000000000000000000000000000000000aa");
const OTHER = getAddress("0x00000000000000000000000000000000000000bb");
const THIRD = getAddress("0x00000000000000000000000000000000000000cc");

const baseFacts: ContractFacts = {
  owner: OWNER,
  pendingOwner: undefined,
  roles: { signer: 1n, minter: 2n, "art-admin": 4n },
  custody: OTHER,
  withdrawRecipient: OWNER,
  royalty: { receiver: OWNER, bps: 500n },
  prices: [parseEther("0.01"), parseEther("0.03"), parseEther("0.13")],
  mintingActive: true,
  balance: parseEther("1.5"),
  totalSupply: 3n,
};

/** A chain view over `facts`; its client points at no server: these commands decide from the facts alone. */
function view(facts: Partial<ContractFacts> = {}): ChainView {
  return {
    target: { network: "sepolia", chainId: 11155111, local: false, url: "http://127.0.0.1:9", address: THIRD, deployBlock: 1n },
    chain: pixChain(11155111),
    publicClient: createPublicClient({ transport: http("http://127.0.0.1:9", { retryCount: 0 }) }),
    address: THIRD,
    facts: { ...baseFacts, ...facts },
  };
}

const command = (name: string): AdminCommand => COMMANDS.find((c) => c.name === name)!;

async function plan(name: string, values: OptionValues, facts: Partial<ContractFacts> = {}): Promise<TransactionPlan> {
  const prepared = command(name).prepare(values);
  assert.equal(prepared.kind, "transaction");
  if (prepared.kind !== "transaction") throw new Error("unreachable");
  return prepared.plan(view(facts), OWNER);
}

function call(p: TransactionPlan): { functionName: string; args: readonly unknown[] } {
  assert.equal(p.kind, "send", JSON.stringify(p));
  const { functionName, args } = decodeFunctionData({ abi: pixlingsAbi, data: (p as { data: Hex }).data });
  return { functionName, args: args ?? [] };
}

test("pause and unpause send setMintingActive, or nothing when the sale is already so", async () => {
  assert.deepEqual(call(await plan("pause", {})), { functionName: "setMintingActive", args: [false] });
  assert.deepEqual(await plan("pause", {}, { mintingActive: false }), { kind: "nothing", reason: "minting is already paused" });
  assert.deepEqual(call(await plan("unpause", {}, { mintingActive: false })), { functionName: "setMintingActive", args: [true] });
  assert.deepEqual(await plan("unpause", {}), { kind: "nothing", reason: "minting is already open" });
});

test("set-prices changes the tiers given, keeps the others, and refuses what the contract would", async () => {
  const p = await plan("set-prices", { artist: "0.2" });
  assert.deepEqual(call(p), { functionName: "setTierPrices", args: [parseEther("0.01"), parseEther("0.03"), parseEther("0.2")] });
  assert.match((p as { effect: string }).effect, /Common 0\.01 \/ Rare 0\.03 \/ Artist 0\.2 ETH \(now Common 0\.01 \/ Rare 0\.03 \/ Artist 0\.13 ETH\)/);
  assert.equal((await plan("set-prices", { common: "0.01", rare: "0.03" })).kind, "nothing");
  const limit = "1208925.819614629174706175";
  assert.equal(parseEther(limit), MAX_PRICE_WEI);
  assert.equal((await plan("set-prices", { artist: limit })).kind, "send");
  await assert.rejects(plan("set-prices", { artist: "1208925.819614629174706176" }), /Artist price .* is above the contract's limit/);
  assert.throws(
    () => command("set-prices").prepare({}),
    (error) => error instanceof UsageError && /at least one of --common, --rare, --artist/.test(error.message),
  );
  assert.throws(() => command("set-prices").prepare({ rare: "-1" }), UsageError);
  assert.equal(command("set-prices").amountsInCoin, true, "refused with --all across ETH and POL chains");
});

test("withdraw sends the balance to the recipient, or nothing from an empty contract", async () => {
  const p = await plan("withdraw", {});
  assert.deepEqual(call(p), { functionName: "withdraw", args: [] });
  assert.match((p as { effect: string }).effect, new RegExp(`send 1\\.5 ETH to the withdraw recipient ${OWNER}`));
  assert.deepEqual(await plan("withdraw", {}, { balance: 0n }), { kind: "nothing", reason: "the contract's balance is 0" });
});

test("set-royalty, set-custody and set-withdraw-recipient: checked values, nothing when unchanged", async () => {
  assert.deepEqual(call(await plan("set-royalty", { receiver: OTHER, bps: "250" })), { functionName: "setRoyalty", args: [OTHER, 250n] });
  assert.equal((await plan("set-royalty", { receiver: OWNER, bps: "500" })).kind, "nothing");
  for (const values of [{ receiver: OTHER, bps: "10001" }, { receiver: OTHER, bps: "5%" }, { receiver: zeroAddress, bps: "1" }, { bps: "1" }]) {
    assert.throws(() => command("set-royalty").prepare(values), UsageError, JSON.stringify(values));
  }
  assert.deepEqual(call(await plan("set-custody", { address: THIRD })), { functionName: "setCustody", args: [THIRD] });
  assert.equal((await plan("set-custody", { address: OTHER })).kind, "nothing");
  assert.deepEqual(call(await plan("set-withdraw-recipient", { address: OTHER })), { functionName: "setWithdrawRecipient", args: [OTHER] });
  assert.equal((await plan("set-withdraw-recipient", { address: OWNER.toLowerCase() })).kind, "nothing", "any case of the same address");
  for (const name of ["set-custody", "set-withdraw-recipient"]) {
    assert.throws(() => command(name).prepare({ address: zeroAddress }), /must not be the zero address/);
    assert.throws(() => command(name).prepare({}), /--address: is required/);
  }
});

test("two-step ownership: start, replace, cancel, accept", async () => {
  assert.deepEqual(call(await plan("transfer-ownership", { to: OTHER })), { functionName: "transferOwnership", args: [OTHER] });
  const replacing = await plan("transfer-ownership", { to: THIRD }, { pendingOwner: OTHER });
  assert.deepEqual((replacing as { notes: string[] }).notes, [`this replaces the pending transfer to ${OTHER}`]);
  assert.equal((await plan("transfer-ownership", { to: OTHER }, { pendingOwner: OTHER })).kind, "nothing");
  await assert.rejects(plan("transfer-ownership", { to: OWNER }), /already owns the contract/);
  assert.throws(() => command("transfer-ownership").prepare({ to: zeroAddress }), /cancel-ownership-transfer cancels/);
  assert.deepEqual(await plan("cancel-ownership-transfer", {}), { kind: "nothing", reason: "no ownership transfer is pending" });
  assert.deepEqual(call(await plan("cancel-ownership-transfer", {}, { pendingOwner: OTHER })), { functionName: "transferOwnership", args: [zeroAddress] });
  assert.deepEqual(call(await plan("accept-ownership", {}, { pendingOwner: OTHER })), { functionName: "acceptOwnership", args: [] });
});

test("role commands and replace-art check their options before touching a chain", () => {
  for (const name of ["grant-role", "revoke-role"]) {
    assert.throws(() => command(name).prepare({ role: "admin", address: OTHER }), /--role: must be one of signer, minter, art-admin/);
    assert.throws(() => command(name).prepare({ role: "minter", address: zeroAddress }), /must not be the zero address/);
    assert.equal(command(name).prepare({ role: "art-admin", address: OTHER }).kind, "transaction");
  }
  assert.throws(() => command("replace-art").prepare({ token: "0", file: "a.png" }), /--token: must be a token id \(1-9999\)/);
  assert.throws(() => command("replace-art").prepare({ token: "5" }), /--file: is required/);
});

test("replace-art is refused for a minted Pix and for an id without art", () => {
  assert.match(replaceArtRefusal({ tokenId: 5, tier: 1n, owner: OTHER })!, new RegExp(`Pix #5 is minted \\(owner ${OTHER}\\): its art is frozen`));
  assert.match(replaceArtRefusal({ tokenId: 5, tier: 0n, owner: undefined })!, /Pix #5 has no art on this chain yet/);
  assert.equal(replaceArtRefusal({ tokenId: 5, tier: 3n, owner: undefined }), undefined);
});

test("every transaction command names its signing role, and status needs none", () => {
  const signers = Object.fromEntries(
    COMMANDS.map((c) => {
      const values: OptionValues = { address: OTHER, to: OTHER, role: "minter", receiver: OTHER, bps: "1", artist: "1", token: "1", file: "x.png" };
      const prepared = c.prepare(Object.fromEntries(Object.entries(values).filter(([name]) => name in c.options)));
      return [c.name, prepared.kind === "transaction" ? prepared.signer : "none"];
    }),
  );
  assert.deepEqual(signers, {
    status: "none",
    pause: "owner",
    unpause: "owner",
    "set-prices": "owner",
    withdraw: "owner",
    "set-royalty": "owner",
    "set-custody": "owner",
    "set-withdraw-recipient": "owner",
    "grant-role": "owner",
    "revoke-role": "owner",
    "transfer-ownership": "owner",
    "accept-ownership": "pendingOwner",
    "cancel-ownership-transfer": "owner",
    "replace-art": "artAdmin",
  });
});
