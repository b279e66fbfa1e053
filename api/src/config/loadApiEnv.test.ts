import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { DEV_KEYS } from "@pixlings/shared/devAccounts";
import { dropForeignSecrets, loadApiEnv } from "./loadApiEnv.ts";

describe("loadApiEnv", () => {
  let dir: string;
  let dotEnv: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "pixlings-api-env-"));
    dotEnv = path.join(dir, ".env");
    await writeFile(
      dotEnv,
      [
        `DEPLOYER_PRIVATE_KEY=${DEV_KEYS.owner}`,
        "PIXLINGS_OWNER=0x1111111111111111111111111111111111111111",
        "API_PORT=4100",
        "SESSION_SECRET=from-the-file-from-the-file-from-the-file",
        "LOG_LEVEL=debug",
        "SOMETHING_ELSE=1",
      ].join("\n"),
    );
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it("takes only the API's variables from .env, the environment's winning, and writes nothing to process.env", () => {
    const before = { ...process.env };
    const env = loadApiEnv({ API_PORT: "4200", LOG_LEVEL: "", GITHUB_TOKEN: "t", MINT_SIGNER_PRIVATE_KEY: `0x${"42".repeat(32)}` }, dotEnv);
    assert.deepEqual(env, {
      API_PORT: "4200",
      // Set, though empty, in the environment: the file does not fill it in (empty means the default).
      LOG_LEVEL: "",
      SESSION_SECRET: "from-the-file-from-the-file-from-the-file",
      MINT_SIGNER_PRIVATE_KEY: `0x${"42".repeat(32)}`,
    });
    assert.deepEqual({ ...process.env }, before);
    assert.equal(process.env.DEPLOYER_PRIVATE_KEY === DEV_KEYS.owner, false);
  });

  it("works without a .env", () => {
    assert.deepEqual(loadApiEnv({ API_HOST: "::1", HOME: "/root" }, path.join(dir, "missing.env")), { API_HOST: "::1" });
  });
});

describe("dropForeignSecrets", () => {
  it("deletes the keys and secrets the API does not read, and keeps its own and everything else", () => {
    const env: NodeJS.ProcessEnv = {
      DEPLOYER_PRIVATE_KEY: DEV_KEYS.owner,
      CUSTODY_PRIVATE_KEY: DEV_KEYS.custody,
      OPERATOR_PRIVATE_KEY: DEV_KEYS.minter,
      WALLET_MNEMONIC: "test test test",
      LOCAL_STRIPE_SECRET_KEY: "sk_test_stand_in",
      STRIPE_SECRET_KEY: "sk_test_api",
      MINT_SIGNER_PRIVATE_KEY: DEV_KEYS.signer,
      SESSION_SECRET: "s".repeat(32),
      PATH: "/usr/bin",
      API_PORT: "1",
    };
    assert.deepEqual(dropForeignSecrets(env).sort(), ["DEPLOYER_PRIVATE_KEY", "LOCAL_STRIPE_SECRET_KEY", "OPERATOR_PRIVATE_KEY", "WALLET_MNEMONIC"]);
    assert.deepEqual(env, {
      CUSTODY_PRIVATE_KEY: DEV_KEYS.custody,
      STRIPE_SECRET_KEY: "sk_test_api",
      MINT_SIGNER_PRIVATE_KEY: DEV_KEYS.signer,
      SESSION_SECRET: "s".repeat(32),
      PATH: "/usr/bin",
      API_PORT: "1",
    });
  });
});
