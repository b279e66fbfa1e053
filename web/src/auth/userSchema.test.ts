import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { User } from "@pixlings/shared/http/auth";
import { parseUser } from "./userSchema.ts";

const user: User = {
  firstName: "Ada",
  username: null,
  email: "ada@pixlings.test",
  walletAddress: null,
  isAdmin: false,
  isArtist: false,
  profileImageUrl: null,
  linkedWallets: [],
  hasGoogle: true,
  linkingDismissed: false,
  adminSignInRequired: false,
};

describe("parseUser", () => {
  it("accepts the contract's User", () => {
    assert.deepEqual(parseUser(user), user);
  });

  it("refuses answers that lack the account fields, or carry wrong types", () => {
    const { linkedWallets: _, hasGoogle: __, ...older } = user;
    assert.throws(() => parseUser(older), /linkedWallets/);
    assert.throws(() => parseUser({ ...user, isAdmin: "true" }), /isAdmin/);
    assert.throws(() => parseUser({ ...user, linkedWallets: [42] }), /linkedWallets/);
    assert.throws(() => parseUser(null), /not a User/);
  });
});
