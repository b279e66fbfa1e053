import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { BaseError, SwitchChainError, UserRejectedRequestError } from "viem";
import { HELD_UNTIL_DONE } from "@pixlings/shared/http/nfts";
import { ApiError } from "../api/apiClient.ts";
import {
  ConnectCancelledError,
  NoAccountsError,
  NoTransactionHashError,
  NoWalletError,
  UnsupportedChainError,
  VoucherExpiredError,
  WalletNotConnectedError,
} from "./appErrors.ts";
import { isUserRejection, toastForError } from "./toastForError.ts";

const conflict = (body: object) => new ApiError(409, "Conflict", JSON.stringify(body));

describe("error to toast", () => {
  it("wallet errors use the spec's texts", () => {
    assert.deepEqual(toastForError(new WalletNotConnectedError(), "mint"), {
      title: "Wallet Not Connected",
      description: "Please connect your wallet to mint this NFT",
      variant: "destructive",
    });
    assert.equal(toastForError(new WalletNotConnectedError(), "sign-in")?.description, "Please connect your wallet first");
    assert.equal(toastForError(new UnsupportedChainError(56), "mint")?.description, "Chain 56 is not supported");
    assert.equal(toastForError(new NoWalletError(), "connect")?.title, "No Wallet Detected");
    assert.equal(toastForError(new ConnectCancelledError(), "connect"), undefined);
  });

  it("the spec's words for the wallet's own failures: MetaMask Not Found on phones, No accounts found, Wallet Required, no hash", () => {
    assert.deepEqual(toastForError(new NoWalletError(true), "connect"), {
      title: "MetaMask Not Found",
      description: "MetaMask not detected. Please use MetaMask mobile browser or install MetaMask app.",
      variant: "destructive",
    });
    assert.deepEqual(toastForError(new NoWalletError(false), "mint"), {
      title: "No Wallet Detected",
      description: "Please install MetaMask browser extension",
      variant: "destructive",
    });
    assert.deepEqual(toastForError(new NoAccountsError(), "connect"), {
      title: "Connection Failed",
      description: "Failed to connect wallet: No accounts found",
      variant: "destructive",
    });
    // Closing the connect dialog during a mint: not a failure, but the mint needs a wallet.
    assert.deepEqual(toastForError(new ConnectCancelledError(), "mint"), {
      title: "Wallet Required",
      description: "Please connect your wallet to mint this Pix.",
    });
    assert.equal(toastForError(new ConnectCancelledError(), "checkout")?.title, "Wallet Required");
    assert.equal(toastForError(new ConnectCancelledError(), "sign-in"), undefined);
    assert.deepEqual(toastForError(new NoTransactionHashError(), "mint"), {
      title: "Mint Failed",
      description: "Minting failed: No transaction hash returned from blockchain",
      variant: "destructive",
    });
  });

  it("wraps library errors in the spec's 'Failed to ...: {reason}' sentences", () => {
    const switchError = new SwitchChainError(new Error("Unrecognized chain ID"));
    assert.deepEqual(toastForError(switchError, "switch"), {
      title: "Failed to switch chain",
      description: `Failed to switch network: ${switchError.shortMessage}`,
      variant: "destructive",
    });
    assert.equal(toastForError(new Error("provider exploded"), "connect")?.description, "Failed to connect wallet: provider exploded");
    assert.equal(toastForError(new Error("out of gas\nmore details"), "mint")?.description, "Minting failed: out of gas");
  });

  it("recognises a user rejection however deeply it is wrapped", () => {
    const rejected = new UserRejectedRequestError(new Error("MetaMask Tx Signature: User denied transaction signature."));
    const wrapped = new BaseError("Contract call failed", { cause: new BaseError("Transaction failed", { cause: rejected }) });
    assert.ok(isUserRejection(wrapped));
    assert.ok(isUserRejection({ code: 4001, message: "User rejected" }));
    assert.ok(!isUserRejection(new Error("nope")));
    assert.deepEqual(toastForError(wrapped, "mint"), {
      title: "Mint Failed",
      description: "Minting failed: You rejected the request in your wallet.",
      variant: "destructive",
    });
    assert.equal(toastForError({ code: 4001 }, "connect")?.description, "Failed to connect wallet: You rejected the request in your wallet.");
  });

  it("explains the mint API's 409 codes and 429", () => {
    assert.equal(
      toastForError(conflict({ message: "Pix #12 is already minted on Local Polygon", code: "minted", tokenIds: [12], chainId: 31338 }), "mint")?.description,
      "Pix #12 is already minted on Local Polygon",
    );
    const reserved = toastForError(
      conflict({ message: "Pix #12 is reserved until 10:42:00 UTC", code: "reserved", tokenIds: [12], reservedUntil: "2026-11-22T10:42:00.000Z" }),
      "checkout",
    );
    assert.equal(reserved?.title, "Minting Failed");
    assert.match(reserved?.description ?? "", /^Pix #12 is reserved by another buyer until 10:42:00 UTC\. It frees up then/);
    // Held until another order completes (a paid card order's mint, an art replacement): no time to wait for.
    const held = toastForError(conflict({ message: "held", code: "reserved", tokenIds: [12], reservedUntil: HELD_UNTIL_DONE }), "checkout");
    assert.equal(held?.description, "Pix #12 is on hold while another order is completed: it is not for sale right now.");
    assert.match(
      toastForError(conflict({ message: "This wallet would hold 11 Pixlings", code: "wallet_cap" }), "mint")?.description ?? "",
      /at most 10 Pixlings/,
    );
    assert.match(toastForError(conflict({ message: "Too many reserved", code: "reservation_cap" }), "mint")?.description ?? "", /pending mints expire/);
    const limited = new ApiError(429, "Too Many Requests", JSON.stringify({ message: "Slow down", retryAfter: 30 }));
    assert.equal(toastForError(limited, "mint")?.description, "Too many requests: please wait 30 s and try again.");
  });

  it("explains the sale's holding limits, funds and pauses", () => {
    const body = (status: number, text: string, fields: object) => new ApiError(status, text, JSON.stringify(fields));
    assert.equal(
      toastForError(conflict({ message: "Too many Pix are reserved from your network (100 of 100)", code: "client_cap" }), "mint")?.description,
      "Too many Pix are reserved from your network (100 of 100)",
    );
    assert.match(
      toastForError(conflict({ message: "Pix #5 had its voucher renewed 3 times", code: "renewal_limit" }), "mint")?.description ?? "",
      /^Pix #5 had its voucher renewed/,
    );
    const poor = body(402, "Payment Required", {
      message: "Your wallet holds 0 ETH on Local Ethereum; these Pix cost 0.01 ETH plus gas",
      code: "insufficient_funds",
    });
    assert.equal(
      toastForError(poor, "mint")?.description,
      "Your wallet holds 0 ETH on Local Ethereum; these Pix cost 0.01 ETH plus gas. Add funds or pick fewer Pix.",
    );
    const paused = body(503, "Service Unavailable", {
      message: "Sales are paused for a moment: x. Please try again in a few seconds.",
      code: "sales_paused",
      retryAfter: 5,
    });
    assert.equal(toastForError(paused, "checkout")?.description, "Sales are paused for a moment: x. Please try again in a few seconds.");
    const cooling = body(429, "Too Many Requests", {
      message: "Your voucher for Pix #5 expired unused: you can reserve it again after 10:00:00 UTC",
      code: "cooldown",
      retryAfter: 300,
    });
    assert.equal(toastForError(cooling, "mint")?.description, "Your voucher for Pix #5 expired unused: you can reserve it again after 10:00:00 UTC.");
  });

  it("shows any other API error as 'status: body'", () => {
    const error = new ApiError(503, "Service Unavailable", JSON.stringify({ message: "The indexer is not available" }));
    assert.deepEqual(toastForError(error, "load"), {
      title: "Error",
      description: '503: {"message":"The indexer is not available"}',
      variant: "destructive",
    });
    assert.equal(toastForError(conflict({ message: "other", code: "confirmations" }), "mint")?.description, '409: {"message":"other","code":"confirmations"}');
  });

  it("explains a code only with the status the contract gives it and the message the API always sends", () => {
    const minted = { message: "Pix #12 is already minted on Local Polygon", code: "minted", tokenIds: [12], chainId: 31338 };
    const wrongStatus = new ApiError(503, "Service Unavailable", JSON.stringify(minted));
    assert.equal(toastForError(wrongStatus, "mint")?.description, `503: ${JSON.stringify(minted)}`);
    const noMessage = conflict({ code: "minted", tokenIds: [12], chainId: 31338 });
    assert.equal(noMessage.body, undefined);
    assert.equal(toastForError(noMessage, "mint")?.description, '409: {"code":"minted","tokenIds":[12],"chainId":31338}');
    const unknownCode = conflict({ message: "Too many hats", code: "hat_cap" });
    assert.equal(unknownCode.body, undefined);
    assert.equal(toastForError(unknownCode, "mint")?.description, '409: {"message":"Too many hats","code":"hat_cap"}');
    assert.equal(new ApiError(409, "Conflict", JSON.stringify({ message: "x", code: "toString" })).body, undefined);
    assert.equal(new ApiError(409, "Conflict", JSON.stringify([{ message: "x" }])).body, undefined);
    assert.equal(
      toastForError(conflict({ message: "Pix #7 has no art on Local Polygon yet", code: "unavailable", tokenIds: [7] }), "mint")?.description,
      '409: {"message":"Pix #7 has no art on Local Polygon yet","code":"unavailable","tokenIds":[7]}',
    );
  });

  it("a voucher that expired while signing says so", () => {
    assert.match(toastForError(new VoucherExpiredError(), "mint")?.description ?? "", /expired while waiting for your signature/);
  });
});
