import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { walletAppLinks } from "./walletAppLinks.ts";

describe("wallet app links (open this page in a wallet's browser)", () => {
  it("open the same page, query included, in MetaMask, Coinbase Wallet and Trust Wallet", () => {
    const url = "https://pixlings.example/mint/42?x=1&y=2";
    assert.deepEqual(walletAppLinks(url), [
      { name: "MetaMask", href: "https://metamask.app.link/dapp/pixlings.example/mint/42?x=1&y=2" },
      { name: "Coinbase Wallet", href: "https://go.cb-w.com/dapp?cb_url=https%3A%2F%2Fpixlings.example%2Fmint%2F42%3Fx%3D1%26y%3D2" },
      { name: "Trust Wallet", href: "https://link.trustwallet.com/open_url?coin_id=60&url=https%3A%2F%2Fpixlings.example%2Fmint%2F42%3Fx%3D1%26y%3D2" },
    ]);
  });

  it("keep a port", () => {
    assert.equal(walletAppLinks("http://127.0.0.1:3001/browse")[0]?.href, "https://metamask.app.link/dapp/127.0.0.1:3001/browse");
  });
});
