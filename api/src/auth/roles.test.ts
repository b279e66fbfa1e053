// The role table: every route of the API and who may call it, checked against the app's own route
// list (a new route must be added here) and by calling each one without the role it needs.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import express from "express";
import { eq } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { startTestApi, type TestApi } from "@pixlings/test-kit/api";
import { appRoutes } from "@pixlings/test-kit/appRoutes";
import { signIn } from "@pixlings/test-kit/signIn";
import { artists } from "../db/tables/catalogue.ts";
import { users, userWallets } from "../db/tables/accounts.ts";
import { createSession } from "./createSession.ts";
import { errorHandler } from "../http/errorHandler.ts";
import { createLogger } from "../logging/createLogger.ts";
import { listen } from "../server.ts";
import { adminOnly, artistOnly, signedInOnly, userOf, type Role } from "./roles.ts";

const ADDRESS = "0x1111111111111111111111111111111111111111";
const ADMIN_EMAIL = "roles-admin@example.test";

/** Every route under /api (and the images), with its role. */
const ROUTES: readonly { method: string; path: string; role: Role; example?: string }[] = [
  { method: "GET", path: "/pixlings/:file", role: "anyone" },
  { method: "GET", path: "/og/pix/:file", role: "anyone" },
  { method: "GET", path: "/api/health", role: "anyone" },
  { method: "GET", path: "/api/ready", role: "anyone" },
  { method: "GET", path: "/api/auth/nonce", role: "anyone" },
  { method: "POST", path: "/api/auth/siwe", role: "anyone" },
  { method: "GET", path: "/api/auth/user", role: "user" },
  { method: "GET", path: "/api/logout", role: "anyone" },
  { method: "POST", path: "/api/logout", role: "anyone" },
  { method: "GET", path: "/api/auth/logout", role: "anyone" },
  { method: "POST", path: "/api/auth/logout", role: "anyone" },
  { method: "POST", path: "/api/auth/logout-everywhere", role: "user" },
  { method: "GET", path: "/api/auth/google", role: "anyone" },
  { method: "GET", path: "/api/auth/google/callback", role: "anyone" },
  { method: "POST", path: "/api/link-wallet", role: "user" },
  { method: "POST", path: "/api/auth/link-prompt/dismiss", role: "user" },
  { method: "POST", path: "/api/debug/refresh-admin", role: "user" },
  { method: "GET", path: "/api/account/export", role: "user" },
  { method: "DELETE", path: "/api/account", role: "user" },
  { method: "GET", path: "/api/stats", role: "anyone" },
  { method: "GET", path: "/api/activity", role: "anyone" },
  { method: "GET", path: "/api/activity/stream", role: "anyone" },
  { method: "GET", path: "/api/nfts/available", role: "anyone" },
  { method: "GET", path: "/api/nfts", role: "anyone" },
  { method: "GET", path: "/api/nfts/facets", role: "anyone" },
  { method: "GET", path: "/api/nfts/featured", role: "anyone" },
  { method: "GET", path: "/api/nfts/token/:tokenId", role: "anyone" },
  { method: "GET", path: "/api/nfts/token/:tokenId/history", role: "anyone", example: "/api/nfts/token/1/history" },
  { method: "GET", path: "/api/shop", role: "anyone" },
  { method: "GET", path: "/api/nfts/artist", role: "anyone" },
  { method: "GET", path: "/api/nfts/by-artist/:artistId", role: "anyone" },
  { method: "GET", path: "/api/owner/wallet/:address", role: "anyone" },
  { method: "GET", path: "/api/owner/pixlings", role: "user" },
  // Anyone naming the owning wallet, or its signed-in user.
  { method: "GET", path: "/api/owner/pixlings/:tokenId", role: "anyone" },
  { method: "PATCH", path: "/api/owner/pixlings/:tokenId", role: "user", example: "/api/owner/pixlings/7" },
  { method: "GET", path: "/api/wallet/chain-history", role: "anyone" },
  { method: "GET", path: "/api/crypto-prices", role: "anyone" },
  { method: "GET", path: "/api/chains", role: "anyone" },
  { method: "POST", path: "/api/mint/authorize", role: "user" },
  { method: "POST", path: "/api/mint/specific", role: "anyone" },
  { method: "POST", path: "/api/create-payment-intent", role: "user" },
  { method: "POST", path: "/api/cart/checkout", role: "user" },
  { method: "GET", path: "/api/card/config", role: "anyone" },
  { method: "GET", path: "/api/card-orders/:orderId", role: "user", example: "/api/card-orders/00000000-0000-4000-8000-000000000000" },
  { method: "GET", path: "/api/card-orders/by-payment/:paymentIntentId", role: "user", example: "/api/card-orders/by-payment/pi_123" },
  { method: "GET", path: "/api/card-orders/:orderId/payment", role: "user", example: "/api/card-orders/00000000-0000-4000-8000-000000000000/payment" },
  { method: "GET", path: "/api/card-orders/:orderId/receipt", role: "user", example: "/api/card-orders/00000000-0000-4000-8000-000000000000/receipt" },
  { method: "POST", path: "/api/owner/pixlings/:tokenId/mint-to-wallet", role: "user", example: "/api/owner/pixlings/7/mint-to-wallet" },
  { method: "POST", path: "/api/freemint/check", role: "user" },
  { method: "POST", path: "/api/freemint/redeem", role: "user" },
  { method: "GET", path: "/api/admin/freemint-cards", role: "admin" },
  { method: "POST", path: "/api/admin/freemint-cards", role: "admin" },
  { method: "PATCH", path: "/api/admin/freemint-cards/:id", role: "admin", example: "/api/admin/freemint-cards/1" },
  { method: "GET", path: "/api/admin/users", role: "admin", example: "/api/admin/users?search=someone" },
  { method: "DELETE", path: "/api/admin/users/:id/sessions", role: "admin", example: "/api/admin/users/1/sessions" },
  { method: "GET", path: "/api/printful/products", role: "anyone" },
  { method: "GET", path: "/api/printful/products/:id", role: "anyone" },
  { method: "POST", path: "/api/printful/generate-mockup", role: "user" },
  { method: "GET", path: "/api/printful/check-task/:taskKey", role: "user", example: "/api/printful/check-task/gt-1" },
  // Issue 12: the artist area (approved artists; `current` any artist), a submission's own routes
  // (its artist and admins), the admin area. Every actor's status: artistAdminRoles.test.ts.
  { method: "GET", path: "/api/artists/current", role: "artist" },
  { method: "GET", path: "/api/artists/submissions", role: "artist" },
  { method: "GET", path: "/api/artists/live-pixlings", role: "artist" },
  { method: "POST", path: "/api/artists/submit", role: "artist" },
  { method: "PATCH", path: "/api/artists/submissions/:id", role: "artist", example: "/api/artists/submissions/1" },
  { method: "POST", path: "/api/artists/submissions/upload-image", role: "artist" },
  { method: "GET", path: "/api/submissions/:id/image", role: "artist", example: "/api/submissions/1/image" },
  { method: "GET", path: "/api/submissions/:id/conversations", role: "artist", example: "/api/submissions/1/conversations" },
  { method: "POST", path: "/api/submissions/:id/conversations", role: "artist", example: "/api/submissions/1/conversations" },
  { method: "GET", path: "/api/admin/submissions", role: "admin" },
  { method: "GET", path: "/api/admin/approved-submissions", role: "admin" },
  { method: "GET", path: "/api/admin/submissions/:id", role: "admin", example: "/api/admin/submissions/1" },
  { method: "PATCH", path: "/api/admin/submissions/:id/approve", role: "admin", example: "/api/admin/submissions/1/approve" },
  { method: "POST", path: "/api/admin/submissions/:id/retry", role: "admin", example: "/api/admin/submissions/1/retry" },
  { method: "POST", path: "/api/admin/submissions/:id/abandon", role: "admin", example: "/api/admin/submissions/1/abandon" },
  { method: "PATCH", path: "/api/admin/submissions/:id/reject", role: "admin", example: "/api/admin/submissions/1/reject" },
  { method: "DELETE", path: "/api/admin/submissions/:id", role: "admin", example: "/api/admin/submissions/1" },
  { method: "GET", path: "/api/admin/artists", role: "admin" },
  { method: "GET", path: "/api/admin/artists-temp", role: "admin" },
  { method: "POST", path: "/api/admin/artists", role: "admin" },
  { method: "PATCH", path: "/api/admin/artists/:id", role: "admin", example: "/api/admin/artists/1" },
  { method: "DELETE", path: "/api/admin/artists/:id", role: "admin", example: "/api/admin/artists/1" },
  { method: "GET", path: "/api/admin/nfts", role: "admin" },
  { method: "GET", path: "/api/admin/nfts/:tokenId", role: "admin", example: "/api/admin/nfts/7" },
  { method: "PATCH", path: "/api/admin/nfts/:tokenId", role: "admin", example: "/api/admin/nfts/7" },
  { method: "POST", path: "/api/admin/nfts", role: "admin" },
  { method: "POST", path: "/api/admin/artist-login/:id", role: "admin", example: "/api/admin/artist-login/1" },
  { method: "POST", path: "/api/admin/artist-logout", role: "admin" },
  { method: "GET", path: "/api/admin/impersonation", role: "admin" },
  { method: "GET", path: "/api/admin/displaced", role: "admin" },
  { method: "GET", path: "/api/admin/displaced/:id/image", role: "admin", example: "/api/admin/displaced/1/image" },
  { method: "GET", path: "/api/admin/audit-log", role: "admin" },
  { method: "POST", path: "/api/admin/upload", role: "admin" },
  { method: "GET", path: "/api/admin/frozen-orders", role: "admin" },
  {
    method: "POST",
    path: "/api/admin/frozen-orders/:orderId/release",
    role: "admin",
    example: "/api/admin/frozen-orders/00000000-0000-4000-8000-000000000000/release",
  },
];

describe("roles", () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ ADMIN_EMAILS: ADMIN_EMAIL }, { seedCatalogue: false });
  });
  after(() => api.close());

  it("lists every route of the app with its role", () => {
    const registered = new Set(appRoutes(api));
    const listed = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
    assert.deepEqual([...registered].filter((r) => !listed.has(r)).sort(), [], "routes without a role in this table");
    assert.deepEqual([...listed].filter((r) => !registered.has(r)).sort(), [], "table rows without a route");
  });

  it("answers 401 { message } to every user route without a session, or with a forged one", async () => {
    for (const route of ROUTES.filter((r) => r.role !== "anyone")) {
      for (const cookie of [undefined, "pixlings_session=forged.value"]) {
        const res = await fetch(`${api.url}${route.example ?? route.path}`, {
          method: route.method,
          headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
          ...(route.method === "GET" ? {} : { body: JSON.stringify({ walletAddress: ADDRESS, tokenIds: [1], chainId: 31337, customName: "x" }) }),
        });
        const body = (await res.json()) as { message?: string };
        assert.equal(res.status, 401, `${route.method} ${route.path}: ${JSON.stringify(body)}`);
        assert.equal(typeof body.message, "string");
      }
    }
  });

  it("admin and artist middlewares: 401 signed out, 403 for a user without the role, through for one with it", async () => {
    const app = express();
    const deps = { db: api.database.db, config: api.config };
    app.get("/user", signedInOnly(deps), (_req, res) => void res.json({ id: userOf(res).id }));
    app.get("/admin", adminOnly(deps), (_req, res) => void res.json({ id: userOf(res).id }));
    app.get("/artist", artistOnly(deps), (_req, res) => void res.json({ id: userOf(res).id }));
    app.use(errorHandler(createLogger(api.config)));
    const server = await listen(app, { host: "127.0.0.1", port: 0 });
    try {
      const plain = await signIn(api, privateKeyToAccount(generatePrivateKey()));
      // An admin: a Google sign-in (a session of that kind) of an email ADMIN_EMAILS lists.
      const [adminUser] = await api.database.db
        .insert(users)
        .values({ googleIssuer: "https://issuer.test", googleSub: "roles-admin", email: ADMIN_EMAIL })
        .returning();
      const adminSession = await createSession(api.database.db, {
        userId: adminUser!.id,
        signIn: { with: "google" },
        secret: api.config.sessionSecret,
        ttlSeconds: 3600,
      });
      const admin = { cookie: `pixlings_session=${adminSession.cookieValue}` };
      // The same account signed in with a wallet: never admin.
      const byWallet = await createSession(api.database.db, {
        userId: adminUser!.id,
        signIn: { with: "wallet", address: ADDRESS },
        secret: api.config.sessionSecret,
        ttlSeconds: 3600,
      });
      const adminByWallet = { cookie: `pixlings_session=${byWallet.cookieValue}` };
      const artistWallet = privateKeyToAccount(generatePrivateKey());
      const artist = await signIn(api, artistWallet);
      const userIdOf = async (address: string): Promise<number> =>
        (await api.database.db.select({ id: userWallets.userId }).from(userWallets).where(eq(userWallets.address, address)))[0]!.id;
      const artistUser = await userIdOf(artistWallet.address);
      await api.database.db.update(users).set({ email: "roles-artist@example.test" }).where(eq(users.id, artistUser));
      await api.database.db.insert(artists).values({ id: 9, slug: "roles", name: "Roles", email: "roles-artist@example.test", userId: artistUser });

      const status = async (path: string, cookie: string | undefined): Promise<number> =>
        (await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} })).status;
      assert.deepEqual(await Promise.all(["/user", "/admin", "/artist"].map((p) => status(p, undefined))), [401, 401, 401]);
      assert.deepEqual(await Promise.all(["/user", "/admin", "/artist"].map((p) => status(p, plain.cookie))), [200, 403, 403]);
      assert.deepEqual(await Promise.all(["/user", "/admin", "/artist"].map((p) => status(p, admin.cookie))), [200, 200, 403]);
      assert.deepEqual(await Promise.all(["/user", "/admin", "/artist"].map((p) => status(p, adminByWallet.cookie))), [200, 403, 403]);
      assert.deepEqual(await Promise.all(["/user", "/admin", "/artist"].map((p) => status(p, artist.cookie))), [200, 403, 200]);
      const refused = await fetch(`${server.url}/admin`, { headers: { cookie: plain.cookie ?? "" } });
      assert.deepEqual(await refused.json(), { message: "Admins only: sign in with an admin account" });
    } finally {
      await server.close();
    }
  });
});
