import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
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
  assert.equal(storefrontRefusal(5, { kind: "answered", origin, pix, alsoSells: [] }, art, "fix.png", false), undefined);
  assert.match(
    storefrontRefusal(5, { kind: "answered", origin, pix: { ...pix, reservedUntil: "2030-01-01T00:00:00.000Z" }, alsoSells: [] }, art, "fix.png", false)!,
    /^The storefront \(https:\/\/pixlings\.example\) holds Pix #5 for a buyer until 2030-01-01T00:00:00\.000Z \(a wallet's mint voucher\)/,
  );
  assert.match(
    storefrontRefusal(5, { kind: "answered", origin, pix: { ...pix, reservedUntil: HELD_UNTIL_DONE }, alsoSells: [] }, art, "fix.png", false)!,
    /holds Pix #5 until its work is done \(a paid card order's mint, or an Approve & Replace under way\)/,
  );
  const stale = storefrontRefusal(5, { kind: "answered", origin, pix: { ...pix, colorCount: 3 }, alsoSells: [] }, art, "fix.png", false)!;
  assert.match(
    stale,
    /lists Pix #5 with 3 colours, symmetry both; the new art has 2, symmetry both,\nand the storefront's catalogue would keep the old traits/,
  );
  assert.match(stale, /propose fix\.png for Pix #5 in the admin area/);
  assert.match(
    storefrontRefusal(5, { kind: "answered", origin, pix: { ...pix, symmetryType: "none" }, alsoSells: [] }, art, "fix.png", false)!,
    /symmetry none; the new art has 2, symmetry both/,
  );
});

test("a storefront that also sells on a chain the command leaves out refuses it, unless --only-this-chain", async () => {
  const amoy = { chainId: 80002, contract: "0x00000000000000000000000000000000000000bB" };
  const pix = { tokenId: 5, reservedUntil: null, colorCount: 2, symmetryType: "both" };
  const server = createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    const [first] = sepolia;
    if (req.url === "/api/chains") res.end(JSON.stringify([{ chainId: first!.chainId, contract: first!.address }, amoy]));
    else if (req.url === "/api/nfts/token/5") res.end(JSON.stringify(pix));
    else res.writeHead(404).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const answer = await askStorefront(origin, 5, sepolia);
    assert.deepEqual(answer, { kind: "answered", origin, pix, alsoSells: [amoy] });
    const art: Art = canonicalize({ palette: [0x000000, 0xffffff], pixels: Uint8Array.from({ length: 81 }, (_, i) => i % 2) });
    assert.match(
      storefrontRefusal(5, answer as Extract<typeof answer, { kind: "answered" }>, art, "fix.png", false)!,
      /^The storefront \(http:\/\/127\.0\.0\.1:\d+\) also sells on chain 80002 \(contract 0x0{38}bB\), which this command would not write/,
    );
    assert.equal(storefrontRefusal(5, answer as Extract<typeof answer, { kind: "answered" }>, art, "fix.png", true), undefined);
  } finally {
    server.close();
  }
});
