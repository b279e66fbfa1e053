import { generateKeyPairSync, randomBytes, type JsonWebKey } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { AddressInfo } from "node:net";
import Provider, { interactionPolicy, type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import { LOOPBACK } from "@pixlings/shared/defaults";
import { accountOfEmail, emailSchema, READY_ACCOUNTS, type LocalAccount } from "./accounts.ts";
import { avatarSvg, signInPage } from "./signInPage.ts";

export interface LocalGoogleOptions {
  /** 0 picks a free port. */
  port: number;
  clientId: string;
  clientSecret: string;
  /** Where the provider may send the code back (the API's callback URL). */
  redirectUris: string[];
  /** An RSA private key (JWK) to sign ID tokens with; default: a new one per start. */
  signingJwk?: JsonWebKey | undefined;
  /** Serve https with this certificate (PEM), as Google does: an API under the production rules takes only an https issuer. */
  tls?: { key: string; cert: string } | undefined;
}

export interface LocalGoogle {
  /** The issuer URL, e.g. `http://127.0.0.1:3002` (`https://` with `tls`; its discovery at `/.well-known/openid-configuration`). */
  issuer: string;
  close(): Promise<void>;
}

const SCOPES = "openid email profile";

/**
 * oidc-provider's login and consent prompts, plus Google's `prompt=select_account`: when asked
 * for, the account choice shows even while the stand-in's session is signed in.
 */
function interactionPolicyWithSelectAccount(): interactionPolicy.DefaultPolicy {
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: "select_account", requestable: true }), 0);
  return policy;
}

function newSigningJwk(): JsonWebKey {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return privateKey.export({ format: "jwk" });
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = "";
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 10_000) throw new Error("form too large");
  }
  return new URLSearchParams(body);
}

const send = (res: ServerResponse, status: number, type: string, body: string): void => {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store", "x-content-type-options": "nosniff" });
  res.end(body);
};

/**
 * A local OpenID provider (oidc-provider) standing in for Google on loopback: discovery,
 * authorization code with PKCE (S256), RS256 ID tokens carrying email, names and picture, one
 * registered client, consent granted to it without asking, and a sign-in page offering ready
 * accounts or any email.
 */
export async function startLocalGoogle(options: LocalGoogleOptions): Promise<LocalGoogle> {
  const accounts = new Map<string, LocalAccount>(Object.values(READY_ACCOUNTS).map((account) => [account.sub, account]));
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => send(res, 503, "text/plain", "starting");
  const server = options.tls ? createTlsServer(options.tls, (req, res) => handle(req, res)) : createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, LOOPBACK, () => resolve());
  });
  const issuer = `${options.tls ? "https" : "http"}://${LOOPBACK}:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        client_name: "Pixlings",
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [{ ...(options.signingJwk ?? newSigningJwk()), use: "sig", alg: "RS256", kid: "local-google-1" } as never] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 14 * 86_400, Grant: 14 * 86_400, AccessToken: 3600, IdToken: 3600 },
    // Like Google: the ID token itself carries email, names and picture.
    conformIdTokenClaims: false,
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name", "picture"] },
    scopes: SCOPES.split(" "),
    features: { devInteractions: { enabled: false } },
    interactions: { policy: interactionPolicyWithSelectAccount(), url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: true,
          ...(account.name ? { name: account.name } : {}),
          ...(account.givenName ? { given_name: account.givenName } : {}),
          ...(account.avatarPath ? { picture: `${issuer}${account.avatarPath}` } : {}),
        }),
      };
    },
    // Our one client is first-party: consent is granted without a page.
    loadExistingGrant: async (ctx) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPES);
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  const oidc = provider.callback();

  const interaction = async (req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined): Promise<void> => {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) return send(res, 400, "text/plain", "This sign-in link is not the current one: start again");
    const page = { uid, clientName: "Pixlings", current: details.session?.accountId ? accounts.get(details.session.accountId) : undefined };
    if (req.method === "GET" && action === undefined) return send(res, 200, "text/html; charset=utf-8", signInPage(page));
    if (req.method !== "POST") return send(res, 405, "text/plain", "Method not allowed");
    if (action === "abort") {
      await provider.interactionFinished(
        req,
        res,
        { error: "access_denied", error_description: "The sign-in was cancelled" },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const form = await readForm(req);
    const key = form.get("account");
    const typed = form.get("email")?.trim().slice(0, 254) ?? "";
    let account: LocalAccount | undefined;
    if (key !== null) account = Object.hasOwn(READY_ACCOUNTS, key) ? READY_ACCOUNTS[key as keyof typeof READY_ACCOUNTS] : undefined;
    else {
      const email = emailSchema.safeParse(typed);
      if (email.success) account = accountOfEmail(email.data);
    }
    if (!account) return send(res, 400, "text/html; charset=utf-8", signInPage({ ...page, error: "Choose an account or type a valid email", email: typed }));
    accounts.set(account.sub, account);
    // Choosing an account answers select_account too, when the request asked for it.
    await provider.interactionFinished(req, res, { select_account: {}, login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
  };

  handle = (req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    const match = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(url.pathname);
    if (match) {
      interaction(req, res, match[1] ?? "", match[2]).catch((error: unknown) => {
        if (!res.headersSent) send(res, 400, "text/plain", `Sign-in failed: ${(error as Error).message}; start again from the site`);
      });
      return;
    }
    const avatar = /^\/avatars\/(\w+)\.svg$/.exec(url.pathname);
    if (avatar) {
      const found = Object.values(READY_ACCOUNTS).find((account) => account.avatarPath === url.pathname);
      if (!found) return send(res, 404, "text/plain", "No such avatar");
      return send(res, 200, "image/svg+xml", avatarSvg(found.givenName.slice(0, 1), found.sub.length * 37));
    }
    oidc(req, res);
  };

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
