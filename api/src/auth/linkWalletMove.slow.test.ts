// The wallet move over HTTP on a real Postgres 15 (a pool of 10: racing requests really overlap):
// a move racing the wallet's own Sign-In with Ethereum never answers 500 and never leaves a session
// in the deleted account (authRouter finds the wallet's account again when it was merged away).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { eq } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { User } from "@pixlings/shared/http/auth";
import type { LocalGoogle } from "@pixlings/local-google/startLocalGoogle";
import { cookieFetch, startTestApi, type TestApi } from "@pixlings/test-kit/api";
import { googleSignIn, startTestLocalGoogle } from "@pixlings/test-kit/localGoogle";
import { skipPostgres, startPostgres, type TestPostgres } from "@pixlings/test-kit/postgres";
import { siweProof } from "@pixlings/test-kit/signIn";
import { users, userWallets } from "../db/tables/accounts.ts";

const SITE = "http://pixlings.test:5173";
const DOMAIN = "pixlings.test:5173";
const ROUNDS = 8;

describe("POST /api/link-wallet moves racing Sign-In with Ethereum, on Postgres 15", { skip: skipPostgres() && "PIXLINGS_SKIP_POSTGRES=1" }, () => {
  let pg: TestPostgres;
  let google: LocalGoogle;
  let api: TestApi;

  before(async () => {
    pg = await startPostgres();
    const local = await startTestLocalGoogle(SITE);
    google = local.google;
    api = await startTestApi({ ...local.env, DATABASE_URL: pg.url, SIWE_DOMAIN: DOMAIN, SIWE_URI: SITE, SIWE_CHAIN_IDS: "31337" }, { seedCatalogue: false });
  });
  after(async () => {
    await api?.close();
    await google?.close();
    await pg?.stop();
  });

  const post = (jar: ReturnType<typeof cookieFetch>, path: string, body: unknown): Promise<Response> =>
    jar.fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  it("each round: the move answers 200; each sign-in answers 200 and its session is either gone or the Google user's", async () => {
    const { jar: googleJar } = await googleSignIn(api.url, { email: "pg-mover@example.test" });
    for (let round = 0; round < ROUNDS; round++) {
      const wallet = privateKeyToAccount(generatePrivateKey());
      const first = cookieFetch(api.url);
      assert.equal((await post(first, "/api/auth/siwe", await siweProof(first, wallet, { domain: DOMAIN, uri: SITE }))).status, 200);
      const walletOnly = (await api.database.db.select({ userId: userWallets.userId }).from(userWallets).where(eq(userWallets.address, wallet.address)))[0]
        ?.userId;
      assert.ok(walletOnly);

      const browsers = [cookieFetch(api.url), cookieFetch(api.url), cookieFetch(api.url)];
      const proofs = await Promise.all(browsers.map((jar) => siweProof(jar, wallet, { domain: DOMAIN, uri: SITE })));
      const moveProof = await siweProof(googleJar, wallet, { domain: DOMAIN, uri: SITE });
      const [moved, ...signIns] = await Promise.all([
        post(googleJar, "/api/link-wallet", { walletAddress: wallet.address, ...moveProof, confirmMove: true }),
        ...browsers.map((jar, i) => post(jar, "/api/auth/siwe", proofs[i])),
      ]);
      assert.equal(moved?.status, 200, await moved?.clone().text());
      for (const res of signIns) assert.equal(res.status, 200, await res.clone().text());
      assert.equal((await api.database.db.select().from(users).where(eq(users.id, walletOnly))).length, 0);
      for (const jar of [first, ...browsers]) {
        const me = await jar.fetch("/api/auth/user");
        if (me.status === 200) assert.equal(((await me.json()) as User).email, "pg-mover@example.test");
        else assert.equal(me.status, 401);
      }
    }
  });
});
