// A crypto buyer of the drop, as the mint page goes (web/src/mint/runMint.ts): Sign-In with
// Ethereum, `POST /api/mint/authorize`, its own `mint` transaction, then `POST /api/mint/specific`
// until the API has seen the mint.
import { createWalletClient, http, type LocalAccount, type PublicClient } from "viem";
import { createSiweMessage } from "viem/siwe";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { MintAuthorization } from "@pixlings/shared/http/sale";
import type { DropBuyer } from "./plan.ts";
import { buyerJar, lostRace, postUntilOpen, timedJson, type DropRecord, type Jar, type Outcome } from "./record.ts";

/** The site the production stack's web processes sign in for (test-kit/src/productionStack.ts). */
const SITE = { domain: "pixlings.example", uri: "https://pixlings.example" } as const;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface CryptoChain {
  rpcUrl: string;
  publicClient: PublicClient;
}

async function signInWithEthereum(jar: Jar, account: LocalAccount, chainId: number): Promise<void> {
  const nonceRes = await jar.fetch("/api/auth/nonce");
  if (nonceRes.status !== 200) throw new Error(`nonce: ${nonceRes.status} ${await nonceRes.text()}`);
  const { nonce } = (await nonceRes.json()) as { nonce: string };
  const message = createSiweMessage({ address: account.address, chainId, ...SITE, version: "1", nonce, issuedAt: new Date() });
  const res = await timedJson(jar, "/api/auth/siwe", { message, signature: await account.signMessage({ message }) });
  if (res.status !== 200) throw new Error(`siwe: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Reports the mint as the page does: again each second while the API waits for confirmations or the transaction. */
async function reportMint(jar: Jar, body: Record<string, unknown>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const res = await timedJson(jar, "/api/mint/specific", body);
    if (res.status === 200) return;
    const waiting = (res.status === 409 && res.body.code === "confirmations") || res.status === 404;
    if (!waiting || attempt >= 120) throw new Error(`mint/specific: ${res.status} ${JSON.stringify(res.body)}`);
    await sleep(1_000);
  }
}

export async function runCryptoBuyer(p: { buyer: DropBuyer; account: LocalAccount; webUrl: string; chain: CryptoChain; record: DropRecord }): Promise<Outcome> {
  const { buyer, account, record } = p;
  const jar = buyerJar(p.webUrl, buyer.clientIp, record);
  await signInWithEthereum(jar, account, buyer.chainId);
  const auth = await postUntilOpen(jar, "/api/mint/authorize", { tokenIds: [buyer.tokenId], chainId: buyer.chainId }, record, record.authorizeMs);
  if (buyer.hot && lostRace(auth)) return "refused";
  if (auth.status !== 200) throw new Error(`authorize #${buyer.tokenId}: ${auth.status} ${JSON.stringify(auth.body)}`);
  if (buyer.abandons) return "abandoned";
  const { voucher, value } = auth.body as unknown as MintAuthorization;
  const wallet = createWalletClient({ account, transport: http(p.chain.rpcUrl, { timeout: 60_000 }) });
  const hash = await wallet.writeContract({
    chain: null,
    address: voucher.contract,
    abi: pixlingsAbi,
    functionName: "mint",
    args: [voucher.ids.map(BigInt), BigInt(voucher.deadline), voucher.signature],
    value: BigInt(value),
  });
  const receipt = await p.chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 250, timeout: 120_000 });
  if (receipt.status !== "success") throw new Error(`mint #${buyer.tokenId} reverted (${hash})`);
  await reportMint(jar, { tokenId: buyer.tokenId, paymentMethod: "crypto", walletAddress: account.address, chainId: buyer.chainId, transactionHash: hash });
  return "bought";
}
