import assert from "node:assert/strict";
import { test } from "node:test";
import { keccak256, toHex } from "viem";
import { ANVIL_KEYS, DEV_KEYS } from "@pixlings/shared/devAccounts";
import { resolveSignerKey } from "./signerKey.ts";

const key = (label: string): `0x${string}` => keccak256(toHex(`pixlings-admin-key-test:${label}`));
const [owner, deployer, artAdmin, next] = ["owner", "deployer", "art admin", "next owner"].map(key) as [
  `0x${string}`,
  `0x${string}`,
  `0x${string}`,
  `0x${string}`,
];

test("public networks: each role's variables in order, the owner and art admin falling back to the deployer", () => {
  const on = { network: "sepolia", local: false } as const;
  assert.deepEqual(resolveSignerKey({ ...on, role: "owner", env: { OWNER_PRIVATE_KEY: owner, DEPLOYER_PRIVATE_KEY: deployer } }), {
    key: owner,
    source: "OWNER_PRIVATE_KEY",
  });
  assert.deepEqual(resolveSignerKey({ ...on, role: "owner", env: { DEPLOYER_PRIVATE_KEY: deployer } }), { key: deployer, source: "DEPLOYER_PRIVATE_KEY" });
  assert.deepEqual(resolveSignerKey({ ...on, role: "artAdmin", env: { ART_ADMIN_PRIVATE_KEY: artAdmin, OWNER_PRIVATE_KEY: owner } }), {
    key: artAdmin,
    source: "ART_ADMIN_PRIVATE_KEY",
  });
  assert.deepEqual(
    resolveSignerKey({ ...on, role: "artAdmin", env: { OWNER_PRIVATE_KEY: owner, DEPLOYER_PRIVATE_KEY: deployer } }).source,
    "DEPLOYER_PRIVATE_KEY",
  );
  assert.deepEqual(resolveSignerKey({ ...on, role: "pendingOwner", env: { NEW_OWNER_PRIVATE_KEY: next, OWNER_PRIVATE_KEY: owner } }).key, next);
  assert.deepEqual(resolveSignerKey({ ...on, role: "owner", keyEnv: "OPS_KEY", env: { OPS_KEY: next, OWNER_PRIVATE_KEY: owner } }), {
    key: next,
    source: "OPS_KEY",
  });
});

test("public networks refuse a missing key, a malformed one and every one of anvil's 20 public keys, naming the variable", () => {
  const on = { network: "amoy", local: false } as const;
  assert.throws(() => resolveSignerKey({ ...on, role: "owner", env: {} }), /Set OWNER_PRIVATE_KEY or DEPLOYER_PRIVATE_KEY \(the owner's key\) to send on amoy/);
  assert.throws(
    () => resolveSignerKey({ ...on, role: "pendingOwner", env: { OWNER_PRIVATE_KEY: owner } }),
    /Set NEW_OWNER_PRIVATE_KEY \(the pending owner's key\)/,
  );
  assert.throws(
    () => resolveSignerKey({ ...on, role: "owner", env: { OWNER_PRIVATE_KEY: "0x1234" } }),
    /OWNER_PRIVATE_KEY must be a 0x-prefixed 32-byte hex private key/,
  );
  assert.throws(() => resolveSignerKey({ ...on, role: "owner", keyEnv: "OPS_KEY", env: {} }), /OPS_KEY is not set/);
  for (const [network, [i, dev]] of [...ANVIL_KEYS.entries()].flatMap((entry) => [["amoy", entry] as const, ["sepolia", entry] as const])) {
    const onNetwork = { network, local: false } as const;
    for (const variable of ["OWNER_PRIVATE_KEY", "DEPLOYER_PRIVATE_KEY"]) {
      assert.throws(
        () => resolveSignerKey({ ...onNetwork, role: "owner", env: { [variable]: dev.toUpperCase().replace("0X", "0x") } }),
        new RegExp(`Refusing to use ${variable} on ${network}: it is one of anvil's public dev keys`),
        `anvil #${i} in ${variable} on ${network}`,
      );
    }
    assert.throws(
      () => resolveSignerKey({ ...onNetwork, role: "artAdmin", keyEnv: "OPS_KEY", env: { OPS_KEY: dev } }),
      new RegExp(`Refusing to use OPS_KEY on ${network}`),
      `anvil #${i} in OPS_KEY on ${network}`,
    );
    assert.throws(
      () => resolveSignerKey({ ...onNetwork, role: "artAdmin", env: { ART_ADMIN_PRIVATE_KEY: dev } }),
      /Refusing to use ART_ADMIN_PRIVATE_KEY/,
      `anvil #${i} as art admin on ${network}`,
    );
  }
});

test("local chains use the role's dev account whatever the environment says, unless --key-env names a variable", () => {
  const on = { network: "localEthereum", local: true } as const;
  const env = { OWNER_PRIVATE_KEY: owner, DEPLOYER_PRIVATE_KEY: deployer, ART_ADMIN_PRIVATE_KEY: artAdmin };
  assert.deepEqual(resolveSignerKey({ ...on, role: "owner", env }), { key: DEV_KEYS.owner, source: "DEV_KEYS.owner (local chain)" });
  assert.deepEqual(resolveSignerKey({ ...on, role: "artAdmin", env }), { key: DEV_KEYS.owner, source: "DEV_KEYS.owner (local chain)" });
  assert.throws(() => resolveSignerKey({ ...on, role: "pendingOwner", env }), /The pending owner's key has no local default: name its variable with --key-env/);
  assert.deepEqual(resolveSignerKey({ ...on, role: "pendingOwner", keyEnv: "NEXT", env: { NEXT: next } }), { key: next, source: "NEXT" });
  assert.deepEqual(resolveSignerKey({ ...on, role: "owner", keyEnv: "DEV", env: { DEV: DEV_KEYS.minter } }).key, DEV_KEYS.minter, "dev keys are fine locally");
});
