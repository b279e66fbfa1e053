import assert from "node:assert/strict";
import type { Hex, LocalAccount } from "viem";
import { createSiweMessage } from "viem/siwe";
import { cookieFetch, type TestApi } from "./api.ts";

/** Where sign-in messages point: the API's configured SIWE domain and URI. */
export interface SiweSite {
  domain: string;
  uri: string;
}

/**
 * A fresh EIP-4361 message for `account` with a nonce the jar's API just issued, and its
 * signature: what `POST /api/auth/siwe` and `POST /api/link-wallet` take as proof of the wallet.
 */
export async function siweProof(
  jar: ReturnType<typeof cookieFetch>,
  account: LocalAccount,
  site: SiweSite,
  chainId = 31337,
): Promise<{ message: string; signature: Hex }> {
  const { nonce } = (await (await jar.fetch("/api/auth/nonce")).json()) as { nonce: string };
  const message = createSiweMessage({ address: account.address, chainId, domain: site.domain, uri: site.uri, version: "1", nonce, issuedAt: new Date() });
  return { message, signature: await account.signMessage({ message }) };
}

/**
 * Signs `account` in with Ethereum against `api` (its configured SIWE domain); returns its cookie
 * jar. `headers` go with every request of the jar (e.g. an X-Forwarded-For client address).
 */
export async function signIn(
  api: Pick<TestApi, "url"> & { config: { siwe: SiweSite } },
  account: LocalAccount,
  chainId = 31337,
  headers: Record<string, string> = {},
): Promise<ReturnType<typeof cookieFetch>> {
  const jar = cookieFetch(api.url, headers);
  const res = await jar.fetch("/api/auth/siwe", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(await siweProof(jar, account, api.config.siwe, chainId)),
  });
  assert.equal(res.status, 200, await res.clone().text());
  return jar;
}
