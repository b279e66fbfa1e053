import assert from "node:assert/strict";
import { test } from "node:test";
import { canonicalize, type Art } from "@pixlings/shared/art/codec";
import { HELD_UNTIL_DONE } from "@pixlings/shared/http/nfts";
import { freePort } from "../chains/freePort.ts";
import { askStorefront, storefrontOrigin, storefrontRefusal } from "./storefront.ts";
import type { AdminTarget } from "./targets.ts";

const target = (network: "sepolia" | "localEthereum", local: boolean): AdminTarget => ({
  network,
  chainId: local ? 31337 : 11155111,
  local,
  url: "http://127.0.0.1:9",
  address: "0x00000000000000000000000000000000000000aA",
  deployBlock: 1n,
});
const local = [target("localEthereum", true)];
const sepolia = [target("sepolia", false)];

test("the storefront asked: --site, else SIWE_URI, else the local API when every chain is local", () => {
  assert.equal(storefrontOrigin("https://shop.example/", { SIWE_URI: "https://other.example" }, sepolia), "https://shop.example");
  assert.equal(storefrontOrigin(undefined, { SIWE_URI: "https://pixlings.example/path" }, sepolia), "https://pixlings.example");
  assert.equal(storefrontOrigin(undefined, { SIWE_URI: "" }, sepolia), undefined, "a public network's storefront is never guessed");
  assert.equal(storefrontOrigin(undefined, {}, local), "http://127.0.0.1:3001");
  assert.equal(storefrontOrigin(undefined, { API_PORT: "4123" }, local), "http://127.0.0.1:4123");
});

test("a storefront not named or not answering leaves the holds unchecked, with the reason", async () => {
  assert.deepEqual(await askStorefront(undefined, 5, sepolia), { kind: "unchecked", why: "no storefront named (--site <origin>, or SIWE_URI)" });
  const dead = `http://127.0.0.1:${await freePort()}`;
  assert.deepEqual(await askStorefront(dead, 5, local), { kind: "unchecked", why: `could not ask the storefront at ${dead} (fetch failed)` });
});

test("a hold on the Pix, or catalogue traits the new art would leave stale, refuse the replacement", () => {
  const origin = "https://pixlings.example";
  const art: Art = canonicalize({ palette: [0x000000, 0xffffff], pixels: Uint8Array.from({ length: 81 }, (_, i) => i % 2) });
  const pix = { tokenId: 5, reservedUntil: null, colorCount: 2, symmetryType: "both" };
  assert.equal(storefrontRefusal(5, { kind: "answered", origin, pix }, art, "fix.png"), undefined);
  assert.match(
    storefrontRefusal(5, { kind: "answered", origin, pix: { ...pix, reservedUntil: "2030-01-01T00:00:00.000Z" } }, art, "fix.png")!,
    /^The storefront \(https:\/\/pixlings\.example\) holds Pix #5 for a buyer until 2030-01-01T00:00:00\.000Z \(a wallet's mint voucher\)/,
  );
  assert.match(
    storefrontRefusal(5, { kind: "answered", origin, pix: { ...pix, reservedUntil: HELD_UNTIL_DONE } }, art, "fix.png")!,
    /holds Pix #5 until its work is done \(a paid card order's mint, or an Approve & Replace under way\)/,
  );
  const stale = storefrontRefusal(5, { kind: "answered", origin, pix: { ...pix, colorCount: 3 } }, art, "fix.png")!;
  assert.match(
    stale,
    /lists Pix #5 with 3 colours, symmetry both; the new art has 2, symmetry both,\nand the storefront's catalogue would keep the old traits/,
  );
  assert.match(stale, /propose fix\.png for Pix #5 in the admin area/);
  assert.match(
    storefrontRefusal(5, { kind: "answered", origin, pix: { ...pix, symmetryType: "none" } }, art, "fix.png")!,
    /symmetry none; the new art has 2, symmetry both/,
  );
});
