import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { UserRejectedRequestError } from "viem";
import { ApiError } from "../api/apiClient.ts";
import { linkErrorMessage, linkFailureToast, storyErrorMessage, storyFailureToast } from "./accountErrors.ts";
import { ConnectCancelledError, WalletAccountChangedError } from "./appErrors.ts";

const answer = (status: number, body: string) => new ApiError(status, "Status", body);

describe("account error messages", () => {
  it("shows the server's message when a wallet is linked elsewhere (409) or lacks proof (400/403)", () => {
    const linkedElsewhere = answer(409, JSON.stringify({ message: "This wallet is linked to another account." }));
    assert.equal(linkErrorMessage(linkedElsewhere), "This wallet is linked to another account.");
    assert.equal(linkErrorMessage(answer(403, JSON.stringify({ message: "Prove control of this wallet first." }))), "Prove control of this wallet first.");
  });

  it("says nothing when the user closed the wallet dialog, and names a rejected signature", () => {
    assert.equal(linkErrorMessage(new ConnectCancelledError()), null);
    assert.equal(linkErrorMessage(new UserRejectedRequestError(new Error("denied"))), "You rejected the request in your wallet.");
    assert.match(linkErrorMessage(new WalletAccountChangedError()) ?? "", /switched to another account/);
  });

  it("falls back to the spec's text for answers that explain nothing", () => {
    assert.equal(linkErrorMessage(answer(500, "Internal Server Error")), "Failed to link wallet to your account");
    assert.equal(linkErrorMessage(answer(502, JSON.stringify({ message: "upstream detail" }))), "Failed to link wallet to your account");
    assert.equal(linkErrorMessage(answer(409, "<html>not json</html>")), "Failed to link wallet to your account");
    assert.equal(linkErrorMessage(new TypeError("Failed to fetch")), "Failed to link wallet to your account");
  });

  it("asks to sign in again after the session ended", () => {
    assert.match(linkErrorMessage(answer(401, JSON.stringify({ message: "Not signed in" }))) ?? "", /sign in again/);
    assert.match(storyErrorMessage(answer(401, JSON.stringify({ message: "Not signed in" }))), /sign in again/);
  });

  it("shows the story's 400 and 403 messages, else the spec's text", () => {
    assert.equal(
      storyErrorMessage(answer(400, JSON.stringify({ message: "The name can have at most 50 characters" }))),
      "The name can have at most 50 characters",
    );
    assert.equal(storyErrorMessage(answer(403, JSON.stringify({ message: "Artist Pix cannot be edited" }))), "Artist Pix cannot be edited");
    assert.equal(storyErrorMessage(answer(503, JSON.stringify({ message: "Try again shortly" }))), "Try again shortly");
    assert.equal(storyErrorMessage(answer(500, "")), "Failed to update your Pixlings story. Please try again.");
  });

  it("toasts a failed link with the spec's titles: Link Failed (prompt), Linking Failed (page), Linking Error (unexplained)", () => {
    const linkedElsewhere = answer(409, JSON.stringify({ message: "This wallet is linked to another account." }));
    assert.deepEqual(linkFailureToast(linkedElsewhere, "prompt"), {
      title: "Link Failed",
      description: "This wallet is linked to another account.",
      variant: "destructive",
    });
    assert.deepEqual(linkFailureToast(linkedElsewhere, "page"), {
      title: "Linking Failed",
      description: "This wallet is linked to another account.",
      variant: "destructive",
    });
    assert.equal(linkFailureToast(answer(500, ""), "prompt")?.description, "Failed to link accounts");
    assert.equal(linkFailureToast(answer(500, ""), "page")?.description, "Failed to link wallet to your account");
    assert.equal(linkFailureToast(new UserRejectedRequestError(new Error("denied")), "page")?.description, "You rejected the request in your wallet.");
    assert.deepEqual(linkFailureToast(new TypeError("Failed to fetch"), "prompt"), {
      title: "Linking Error",
      description: "An error occurred while linking your wallet",
      variant: "destructive",
    });
    assert.equal(linkFailureToast(new ConnectCancelledError(), "prompt"), undefined);
  });

  it("toasts a failed story save: Story Save Failed with the server's reason, else Update Failed", () => {
    assert.deepEqual(storyFailureToast(answer(400, JSON.stringify({ message: "The story cannot contain markup" }))), {
      title: "Story Save Failed",
      description: "The story cannot contain markup",
      variant: "destructive",
    });
    assert.equal(storyFailureToast(answer(401, JSON.stringify({ message: "Not signed in" }))).title, "Story Save Failed");
    assert.deepEqual(storyFailureToast(new TypeError("Failed to fetch")), {
      title: "Update Failed",
      description: "Failed to update your Pixlings story. Please try again.",
      variant: "destructive",
    });
  });
});
