import assert from "node:assert/strict";
import type { LocalAccount } from "viem";
import { createSiweMessage } from "viem/siwe";
import { cookieFetch, type TestApi } from "./api.ts";

/**
 * Signs `account` in with Ethereum against `api` (its configured SIWE domain); returns its cookie
 * jar. `headers` go with every request of the jar (e.g. an X-Forwarded-For client address).
 */
export async function signIn(
  api: Pick<TestApi, "url"> & { config: { siwe: { domain: string; uri: string } } },
  account: LocalAccount,
  chainId = 31337,
  headers: Record<string, string> = {},
): Promise<ReturnType<typeof cookieFetch>> {
  const jar = cookieFetch(api.url, headers);
  const { nonce } = (await (await jar.fetch("/api/auth/nonce")).json()) as { nonce: string };
  const message = createSiweMessage({
    address: account.address,
    chainId,
    domain: api.config.siwe.domain,
    uri: api.config.siwe.uri,
    version: "1",
    nonce,
    issuedAt: new Date(),
  });
  const res = await jar.fetch("/api/auth/siwe", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
  });
  assert.equal(res.status, 200, await res.clone().text());
  return jar;
}
