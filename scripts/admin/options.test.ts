import assert from "node:assert/strict";
import { test } from "node:test";
import { parseEther } from "viem";
import { UsageError } from "./command.ts";
import { addressOption, coinAmountOption, parseCommandLine, tokenIdOption } from "./options.ts";

const own = { token: { type: "string" }, file: { type: "string" } } as const;

test("the common options: one network or --all, --yes, --key-env naming a variable, the command's own options apart", () => {
  const parsed = parseCommandLine(["--network", "sepolia", "--token", "5", "--file", "a.png", "--yes", "--key-env", "OPS_KEY"], own);
  assert.deepEqual(parsed.common, { networks: ["sepolia"], yes: true, keyEnv: "OPS_KEY", help: false });
  assert.deepEqual(parsed.values, { token: "5", file: "a.png" });
  assert.deepEqual(parseCommandLine(["--all"], own).common, { networks: "all", yes: false, keyEnv: undefined, help: false });
  assert.equal(parseCommandLine(["--help"], own).common.help, true, "--help needs no network");
});

test("bad command lines are usage errors that say what is wrong", () => {
  const cases: [string[], RegExp][] = [
    [[], /Name one network with --network <name>, or every deployed one with --all/],
    [["--network", "sepolia", "--all"], /Name one network/],
    [["--network", "mainnet"], /--network: must be one of localEthereum, localPolygon, sepolia, amoy/],
    [["--network", "sepolia", "--colour", "red"], /Unknown option '--colour'/],
    [["--network", "sepolia", "extra"], /Unexpected argument 'extra'/],
    [
      ["--network", "sepolia", "--key-env", "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"],
      /--key-env names an environment variable.*never a key itself/,
    ],
    [["--network", "sepolia", "--yes=no"], /--yes/],
  ];
  for (const [args, message] of cases)
    assert.throws(
      () => parseCommandLine(args, own),
      (error) => error instanceof UsageError && message.test(error.message),
      args.join(" "),
    );
});

test("addresses, coin amounts and token ids are checked and normalised", () => {
  assert.equal(addressOption.parse("0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"), "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
  for (const bad of ["0x123", "f39fd6e51aad88f6f4ce6ab8827279cfffb92266", "0xZZ9fd6e51aad88f6f4ce6ab8827279cfffb92266"])
    assert.equal(addressOption.safeParse(bad).success, false, bad);

  assert.equal(coinAmountOption.parse("0.01"), parseEther("0.01"));
  assert.equal(coinAmountOption.parse("392"), parseEther("392"));
  assert.equal(coinAmountOption.parse("0.000000000000000001"), 1n);
  for (const bad of ["-1", "1e5", "0.0000000000000000001", "", "1,5", " 1", "0x10"]) assert.equal(coinAmountOption.safeParse(bad).success, false, bad);

  assert.equal(tokenIdOption.parse("1"), 1);
  assert.equal(tokenIdOption.parse("9999"), 9999);
  for (const bad of ["0", "10000", "-5", "5.5", "abc", ""]) assert.equal(tokenIdOption.safeParse(bad).success, false, bad);
});
