import assert from "node:assert/strict";
import { test } from "node:test";
import type { Address } from "viem";
import type { ContractFacts } from "./facts.ts";
import { permissionProblem } from "./permission.ts";

const A = "0x00000000000000000000000000000000000000aA" as Address;
const B = "0x00000000000000000000000000000000000000bB" as Address;
const facts = (pendingOwner?: Address): ContractFacts => ({
  owner: A,
  pendingOwner,
  roles: { signer: 1n, minter: 2n, "art-admin": 4n },
  custody: B,
  withdrawRecipient: A,
  royalty: { receiver: A, bps: 500n },
  prices: [1n, 2n, 3n],
  mintingActive: true,
  balance: 0n,
  totalSupply: 0n,
});

test("owner calls need the owner's key, whatever roles the key holds", () => {
  assert.equal(permissionProblem("owner", A, facts(), 0n), undefined);
  assert.equal(permissionProblem("owner", A.toLowerCase() as Address, facts(), 0n), undefined, "case does not matter");
  assert.match(permissionProblem("owner", B, facts(), 7n)!, new RegExp(`${B} is not the owner \\(the owner is ${A}\\)`));
});

test("art calls need the art admin role, not ownership", () => {
  assert.equal(permissionProblem("artAdmin", B, facts(), 4n), undefined);
  assert.equal(permissionProblem("artAdmin", B, facts(), 5n), undefined);
  assert.match(permissionProblem("artAdmin", A, facts(), 3n)!, /does not hold the art admin role/);
});

test("accepting needs a pending transfer to exactly this key", () => {
  assert.match(permissionProblem("pendingOwner", B, facts(), 0n)!, /no ownership transfer is pending/);
  assert.match(permissionProblem("pendingOwner", A, facts(B), 0n)!, new RegExp(`${A} is not the pending owner \\(${B}\\)`));
  assert.equal(permissionProblem("pendingOwner", B, facts(B), 0n), undefined);
});
