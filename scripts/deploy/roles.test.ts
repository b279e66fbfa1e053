import assert from "node:assert/strict";
import { test } from "node:test";
import { keccak256, toHex, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { ANVIL_KEYS } from "@pixlings/shared/devAccounts";
import { readEnv } from "../env.ts";
import { defaultSetup } from "./pixlings.ts";
import { checkPublicDeployerKey, checkPublicSetup, DEV_ADDRESSES, publicSetupAddresses, publicSetupProblems } from "./roles.ts";

const address = (label: string): Address => privateKeyToAccount(keccak256(toHex(`pixlings-roles-test:${label}`))).address;
const [deployer, owner, signer, minter, custody] = ["deployer", "owner", "signer", "minter", "custody"].map(address) as [
  Address,
  Address,
  Address,
  Address,
  Address,
];

test("the dev addresses are anvil's default accounts #0..#4", () => {
  assert.deepEqual(DEV_ADDRESSES, {
    owner: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    signer: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    minter: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
    custody: "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
    artAdmin: "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
  });
});

test("local chains: the deployer owns, uploads and is paid; signer, minter, custody are the dev accounts; PIXLINGS_* ignored; sale closed", () => {
  const saved = process.env.PIXLINGS_SIGNER;
  process.env.PIXLINGS_SIGNER = signer;
  try {
    for (const chainId of [31337, 31338]) {
      const setup = defaultSetup(chainId, DEV_ADDRESSES.owner);
      assert.deepEqual(
        [setup.owner, setup.artAdmin, setup.withdrawRecipient, setup.royaltyReceiver, setup.signer, setup.minter, setup.custody],
        [DEV_ADDRESSES.owner, DEV_ADDRESSES.owner, DEV_ADDRESSES.owner, DEV_ADDRESSES.owner, DEV_ADDRESSES.signer, DEV_ADDRESSES.minter, DEV_ADDRESSES.custody],
      );
      assert.equal(setup.mintingActive, false);
    }
  } finally {
    if (saved === undefined) delete process.env.PIXLINGS_SIGNER;
    else process.env.PIXLINGS_SIGNER = saved;
  }
});

test("non-local: signer, minter and custody are required, and the message names each unset variable", () => {
  assert.throws(
    () => publicSetupAddresses(readEnv({}), deployer, "Sepolia"),
    /Refusing to deploy to Sepolia: set PIXLINGS_SIGNER, PIXLINGS_MINTER, PIXLINGS_CUSTODY/,
  );
  assert.throws(
    () => publicSetupAddresses(readEnv({ PIXLINGS_SIGNER: signer, PIXLINGS_CUSTODY: custody, PIXLINGS_MINTER: "" }), deployer, "Amoy"),
    (error: Error) => /set PIXLINGS_MINTER \(/.test(error.message) && !/PIXLINGS_SIGNER,|PIXLINGS_CUSTODY,/.test(error.message),
  );
  const roles = publicSetupAddresses(readEnv({ PIXLINGS_SIGNER: signer, PIXLINGS_MINTER: minter, PIXLINGS_CUSTODY: custody }), deployer, "Sepolia");
  assert.deepEqual(roles, { owner: deployer, signer, minter, artAdmin: deployer, custody, withdrawRecipient: deployer, royaltyReceiver: deployer });
  assert.deepEqual(publicSetupProblems(roles), []);
  assert.equal(
    publicSetupAddresses(readEnv({ PIXLINGS_OWNER: owner, PIXLINGS_SIGNER: signer, PIXLINGS_MINTER: minter, PIXLINGS_CUSTODY: custody }), deployer, "Sepolia")
      .owner,
    owner,
  );
});

test("non-local: a signer, minter or custody equal to the owner is refused, naming the variable", () => {
  const good = { owner, signer, minter, artAdmin: deployer, custody, withdrawRecipient: deployer, royaltyReceiver: deployer };
  for (const role of ["signer", "minter", "custody"] as const) {
    const variable = `PIXLINGS_${role.toUpperCase()}`;
    // Case does not hide the owner.
    const setup = { ...good, [role]: owner.toLowerCase() as Address };
    assert.throws(
      () => checkPublicSetup(setup, "Sepolia"),
      new RegExp(`Refusing to deploy to Sepolia:\\n  ${variable} \\(${owner.toLowerCase()}\\) is the owner`),
    );
  }
  const problems = publicSetupProblems({ ...good, signer: owner, minter: owner });
  assert.equal(problems.length, 2);
  assert.doesNotThrow(() => checkPublicSetup(good, "Sepolia"));
});

test("non-local: any address of a dev account is refused, naming the variable and the dev role", () => {
  const good = { owner, signer, minter, artAdmin: deployer, custody, withdrawRecipient: deployer, royaltyReceiver: deployer };
  const cases = [
    ["owner", DEV_ADDRESSES.owner, /PIXLINGS_OWNER \(0xf39F.*\) is the public dev account DEV_KEYS.owner/],
    ["signer", DEV_ADDRESSES.signer, /PIXLINGS_SIGNER .* DEV_KEYS.signer/],
    ["minter", DEV_ADDRESSES.custody, /PIXLINGS_MINTER .* DEV_KEYS.custody/],
    ["artAdmin", DEV_ADDRESSES.minter, /PIXLINGS_ART_ADMIN .* DEV_KEYS.minter/],
    ["withdrawRecipient", DEV_ADDRESSES.owner, /PIXLINGS_WITHDRAW_RECIPIENT .* DEV_KEYS.owner/],
    ["royaltyReceiver", DEV_ADDRESSES.signer.toLowerCase(), /PIXLINGS_ROYALTY_RECEIVER .* DEV_KEYS.signer/],
  ] as const;
  for (const [field, value, pattern] of cases) {
    assert.throws(() => checkPublicSetup({ ...good, [field]: value }, "Amoy"), pattern, field);
  }
  // Anvil's other 15 accounts are as public as the five the local roles use.
  for (const [i, key] of ANVIL_KEYS.entries()) {
    if (i < 5) continue;
    const account = privateKeyToAccount(key).address;
    assert.throws(
      () => checkPublicSetup({ ...good, custody: account }, "Amoy"),
      new RegExp(`PIXLINGS_CUSTODY \\(${account}\\) is the public dev account anvil #${i};`),
    );
  }
});

test("non-local: a DEPLOYER_PRIVATE_KEY that is any of anvil's 20 keys is refused, whatever its case", () => {
  for (const key of ANVIL_KEYS) {
    assert.throws(() => checkPublicDeployerKey(key, "sepolia"), /DEPLOYER_PRIVATE_KEY is one of anvil's public dev keys/);
    assert.throws(() => checkPublicDeployerKey(key.toUpperCase().replace("0X", "0x") as `0x${string}`, "sepolia"), /DEPLOYER_PRIVATE_KEY/);
  }
  assert.doesNotThrow(() => checkPublicDeployerKey(keccak256(toHex("a key of its own")), "sepolia"));
});

test("defaultSetup for a non-local chain reads PIXLINGS_* and refuses when they are unset", () => {
  const names = ["PIXLINGS_OWNER", "PIXLINGS_SIGNER", "PIXLINGS_MINTER", "PIXLINGS_CUSTODY"] as const;
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  try {
    for (const name of names) delete process.env[name];
    assert.throws(() => defaultSetup(11155111, deployer), /Refusing to deploy to Sepolia Testnet: set PIXLINGS_SIGNER, PIXLINGS_MINTER, PIXLINGS_CUSTODY/);
    Object.assign(process.env, { PIXLINGS_SIGNER: signer, PIXLINGS_MINTER: minter, PIXLINGS_CUSTODY: custody });
    const setup = defaultSetup(80002, deployer);
    assert.deepEqual([setup.owner, setup.signer, setup.minter, setup.custody, setup.mintingActive], [deployer, signer, minter, custody, false]);
  } finally {
    for (const name of names) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  }
});
