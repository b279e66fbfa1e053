import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { clientKeyOf } from "./clientKey.ts";

describe("clientKeyOf", () => {
  it("keeps IPv4 addresses, also IPv4-mapped IPv6 ones", () => {
    assert.equal(clientKeyOf("203.0.113.7"), "203.0.113.7");
    assert.equal(clientKeyOf("::ffff:203.0.113.7"), "203.0.113.7");
    assert.equal(clientKeyOf("::ffff:cb00:7107"), "203.0.113.7");
  });

  it("groups IPv6 addresses by their /64, however they are written", () => {
    const key = "2001:db8:aa:bb::/64";
    for (const ip of ["2001:db8:aa:bb::1", "2001:0db8:00aa:00bb:ffff:1:2:3", "2001:DB8:AA:BB:0:0:0:9", "2001:db8:aa:bb::1%eth0"]) {
      assert.equal(clientKeyOf(ip), key, ip);
    }
    assert.notEqual(clientKeyOf("2001:db8:aa:bc::1"), key);
    assert.equal(clientKeyOf("::1"), "0:0:0:0::/64");
  });

  it("names requests without an address", () => {
    assert.equal(clientKeyOf(undefined), "unknown");
  });
});
