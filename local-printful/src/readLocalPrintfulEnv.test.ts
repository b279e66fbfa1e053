import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DEFAULT_LOCAL_PRINTFUL_PORT, LOCAL_PRINTFUL_DEV_TOKEN } from "@pixlings/shared/defaults";
import { PRINTFUL_RATE_LIMITS, readLocalPrintfulEnv } from "./readLocalPrintfulEnv.ts";

describe("readLocalPrintfulEnv", () => {
  it("defaults to the dev token, Printful's own limits and its port", () => {
    const options = readLocalPrintfulEnv({ LOCAL_PRINTFUL_PORT: "" });
    assert.equal(options.port, DEFAULT_LOCAL_PRINTFUL_PORT);
    assert.equal(options.token, LOCAL_PRINTFUL_DEV_TOKEN);
    assert.deepEqual(options.rateLimits, PRINTFUL_RATE_LIMITS);
    assert.equal(options.minPendingMs, 500);
  });

  it("reads every variable", () => {
    const options = readLocalPrintfulEnv({
      LOCAL_PRINTFUL_PORT: "0",
      LOCAL_PRINTFUL_TOKEN: "my-own-local-token-123",
      LOCAL_PRINTFUL_REQUESTS_PER_MINUTE: "500",
      LOCAL_PRINTFUL_MOCKUPS_PER_MINUTE: "3",
      LOCAL_PRINTFUL_PENDING_MS: "0",
    });
    assert.deepEqual(
      [options.port, options.token, options.rateLimits, options.minPendingMs],
      [0, "my-own-local-token-123", { requestsPerWindow: 500, mockupsPerWindow: 3, windowMs: 60_000 }, 0],
    );
  });

  it("names each bad variable", () => {
    for (const [name, value] of [
      ["LOCAL_PRINTFUL_PORT", "70000"],
      ["LOCAL_PRINTFUL_TOKEN", "short"],
      ["LOCAL_PRINTFUL_TOKEN", "has spaces in it, sixteen+"],
      ["LOCAL_PRINTFUL_MOCKUPS_PER_MINUTE", "0"],
      ["LOCAL_PRINTFUL_REQUESTS_PER_MINUTE", "many"],
      ["LOCAL_PRINTFUL_PENDING_MS", "-1"],
    ] as const) {
      assert.throws(() => readLocalPrintfulEnv({ [name]: value }), new RegExp(`Invalid local Printful environment[\\s\\S]*${name}`), `${name}=${value}`);
    }
  });
});
