// The people of the artist and admin tests, signed in for real: Google sign-in through the local
// stand-in (openid-client against oidc-provider), a wallet through Sign-In with Ethereum.
import type { LocalGoogle } from "@pixlings/local-google/startLocalGoogle";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { artists } from "@pixlings/api/testing";
import { cookieFetch, startTestApi, type TestApi } from "./api.ts";
import { googleSignIn, startTestLocalGoogle } from "./localGoogle.ts";
import { signIn, siweProof } from "./signIn.ts";

type Jar = ReturnType<typeof cookieFetch>;

/**
 * Who calls: nobody, a wallet only, a plain Google user, artists (unapproved, approved, another),
 * an admin, and the admin's account signed in with a wallet linked to it (never admin).
 */
export const ACTORS = ["visitor", "wallet", "user", "unapproved", "artist", "other", "admin", "adminWallet"] as const;
type Actor = (typeof ACTORS)[number];

/** The artist profiles the actors act as (ids, slugs and emails clear of the generated catalogue's artists). */
export const TEST_ARTISTS = {
  artist: { id: 901, slug: "lumen", name: "Lumen", email: "lumen@studio.pixlings.test", isApproved: true },
  other: { id: 902, slug: "orla", name: "Orla", email: "orla@studio.pixlings.test", isApproved: true },
  unapproved: { id: 903, slug: "newbie", name: "Newbie", email: "newbie@studio.pixlings.test", isApproved: false },
} as const;

const SITE = "http://pixlings.test:5173";
const NO_INDEXER = "http://127.0.0.1:1";

export interface ArtistWorld {
  api: TestApi;
  google: LocalGoogle;
  /** Each actor's cookie jar (the visitor's has no session). */
  jars: Record<Actor, Jar>;
  close(): Promise<void>;
}

/**
 * A test API with the three artist profiles of TEST_ARTISTS, and every actor signed in. The API is
 * `startApi(env)` (e.g. a sale stack's) or by default a fresh one on PGlite without indexer;
 * `env` here is the sign-in configuration (local Google, admin and artist emails) to start it with:
 * `artist` is the ready artist account (ARTIST_EMAILS names it for Lumen), `other` and `unapproved`
 * sign in with their profiles' emails, `admin` is the ready admin (ADMIN_EMAILS).
 */
export async function startArtistWorld(
  // No indexer: a port nothing listens on (a developer's own Ponder on the default port must not answer).
  startApi: (env: Record<string, string>) => Promise<TestApi> = (env) => startTestApi({ INDEXER_URL: NO_INDEXER, ...env }, { seedCatalogue: false }),
): Promise<ArtistWorld> {
  const local = await startTestLocalGoogle(SITE);
  let api: TestApi | undefined;
  try {
    api = await startApi({
      ...local.env,
      SIWE_DOMAIN: "pixlings.test:5173",
      SIWE_URI: SITE,
      SIWE_CHAIN_IDS: "31337",
      ADMIN_EMAILS: "admin@pixlings.test",
      ARTIST_EMAILS: `artist@pixlings.test:${TEST_ARTISTS.artist.slug}`,
    });
    await api.database.db.insert(artists).values(Object.values(TEST_ARTISTS));
    const google = async (choice: Parameters<typeof googleSignIn>[1]): Promise<Jar> => (await googleSignIn(api!.url, choice)).jar;
    const admin = await google({ account: "admin" });
    const adminWallet = privateKeyToAccount(generatePrivateKey());
    const linked = await admin.fetch("/api/link-wallet", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ walletAddress: adminWallet.address, ...(await siweProof(admin, adminWallet, api.config.siwe)) }),
    });
    if (linked.status !== 200) throw new Error(`linking the admin's wallet: ${linked.status} ${await linked.text()}`);
    const jars: Record<Actor, Jar> = {
      visitor: cookieFetch(api.url),
      wallet: await signIn(api, privateKeyToAccount(generatePrivateKey())),
      user: await google({ account: "collector" }),
      unapproved: await google({ email: TEST_ARTISTS.unapproved.email }),
      artist: await google({ account: "artist" }),
      other: await google({ email: TEST_ARTISTS.other.email }),
      admin,
      adminWallet: await signIn(api, adminWallet),
    };
    const started = api;
    return {
      api: started,
      google: local.google,
      jars,
      close: async () => {
        await started.close();
        await local.google.close();
      },
    };
  } catch (error) {
    await api?.close();
    await local.google.close();
    throw error;
  }
}
