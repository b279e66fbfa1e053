import { createClient, custom, getAddress, isAddress, type Address, type Client, type Hex } from "viem";
import { parseSiweMessage, verifySiweMessage } from "viem/siwe";
import { CHAINS } from "@pixlings/shared/chains";
import type { ApiConfig } from "../config/readConfig.ts";
import type { Db } from "../db/openDatabase.ts";
import { badRequest, unauthorized } from "../http/HttpError.ts";
import { consumeNonce } from "./consumeNonce.ts";

/**
 * A client with no RPC: EOA signatures verify offline (ECDSA recovery); smart-contract wallet
 * signatures (ERC-1271/6492) need an RPC and are refused until one is configured.
 */
const offlineClient: Client = createClient({
  transport: custom(
    {
      request: async () => {
        throw new Error("no RPC configured for SIWE signature verification");
      },
    },
    { retryCount: 0 },
  ),
});

export interface VerifySignInParameters {
  message: string;
  signature: Hex;
  siwe: ApiConfig["siwe"];
  /** Verifies signatures; defaults to `offlineClient`. */
  client?: Client;
  now?: Date;
}

export interface VerifySignInReturnType {
  address: Address;
  chainId: number;
}

/**
 * Checks an EIP-4361 message and its signature: domain, uri, version, chain, issued/expiry/not-before
 * times, the server-issued nonce (used up by the attempt, whatever its outcome) and the signer. Throws 400 for a malformed message
 * and 401 `{ message }` for one that does not sign in.
 */
export async function verifySignIn(db: Db, parameters: VerifySignInParameters): Promise<VerifySignInReturnType> {
  const { message, signature, siwe, client = offlineClient, now = new Date() } = parameters;
  const parsed = parseSiweMessage(message);
  const missing = (["domain", "address", "uri", "version", "chainId", "nonce", "issuedAt"] as const).filter(
    (field) => parsed[field] === undefined || (typeof parsed[field] === "number" && Number.isNaN(parsed[field])),
  );
  if (missing.length > 0) throw badRequest(`Invalid SIWE message: missing ${missing.join(", ")}`);
  const { domain, address, uri, version, chainId, nonce, issuedAt, expirationTime, notBefore } = parsed as Required<typeof parsed>;
  // Every attempt uses up its nonce, failed ones too: a message can be tried once, never probed.
  await consumeNonce(db, nonce, now);
  if (!isAddress(address, { strict: true })) throw badRequest("Invalid SIWE message: address must be an EIP-55 checksummed address");
  if (version !== "1") throw badRequest(`Invalid SIWE message: unsupported version ${String(version)}`);
  if (Number.isNaN(issuedAt.getTime())) throw badRequest("Invalid SIWE message: Issued At is not a date");

  if (domain !== siwe.domain) throw unauthorized(`SIWE message is for domain ${domain}, not ${siwe.domain}`);
  if (originOf(uri) !== siwe.uri) throw unauthorized(`SIWE message is for URI ${uri}, not ${siwe.uri}`);
  if (!siwe.chainIds.some((id) => id === chainId)) {
    const names = siwe.chainIds.map((id) => `${CHAINS[id].chain.name} (${id})`).join(", ");
    throw unauthorized(`Chain ${chainId} is not supported: sign in on ${names}`);
  }
  if (expirationTime && expirationTime <= now) throw unauthorized("SIWE message has expired");
  if (notBefore && notBefore > now) throw unauthorized("SIWE message is not valid yet (Not Before is in the future)");

  let valid = false;
  try {
    valid = await verifySiweMessage(client, { message, signature, address, domain: siwe.domain, nonce, time: now });
  } catch {
    valid = false;
  }
  if (!valid) throw unauthorized("Invalid signature: the message was not signed by its address");

  return { address: getAddress(address), chainId };
}

function originOf(uri: string): string | undefined {
  try {
    return new URL(uri).origin;
  } catch {
    return undefined;
  }
}
