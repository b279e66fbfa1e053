import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { cartOpenAsked, withCartOpen } from "./cartReturn.ts";

describe("coming back to the cart from sign-in", () => {
  it("asks for the cart open on the same page, keeping its query and hash", () => {
    assert.equal(withCartOpen("/browse"), "/browse?cart=open");
    assert.equal(withCartOpen("/browse?page=3&size=m#top"), "/browse?page=3&size=m&cart=open#top");
    assert.equal(withCartOpen("/browse?cart=open"), "/browse?cart=open");
  });

  it("reads the ask and gives the query back without it", () => {
    const { asked, rest } = cartOpenAsked(new URLSearchParams("page=3&cart=open"));
    assert.equal(asked, true);
    assert.equal(rest.toString(), "page=3");
    assert.equal(cartOpenAsked(new URLSearchParams("cart=closed")).asked, false);
    assert.equal(cartOpenAsked(new URLSearchParams("")).asked, false);
  });
});
