import type { LocalAccount } from "viem";
import { parseEther } from "viem";
import { testAccount, type TestChain } from "@pixlings/test-kit/indexer";
import { signIn } from "@pixlings/test-kit/signIn";
import { clientAddress } from "./clientAddresses.ts";
import { percentile } from "./percentile.ts";

export interface AuthorizeRun {
  requests: number;
  p50Ms: number;
  p99Ms: number;
  rps: number;
}

/**
 * `buyers` signed-in, funded buyers, each from its own client address (X-Forwarded-For through a
 * trusted proxy), ask `POST /api/mint/authorize` for a distinct id all at once, `rounds` times
 * (at most 10: an address holds 10 ids). Every answer must be a voucher.
 */
export async function measureAuthorize(p: {
  api: { url: string; config: { siwe: { domain: string; uri: string } } };
  chain: TestChain;
  buyers: number;
  rounds: number;
  firstId: number;
}): Promise<AuthorizeRun> {
  const accounts: LocalAccount[] = Array.from({ length: p.buyers }, (_, i) => testAccount(`bench-buyer-${i}`));
  for (const account of accounts) await p.chain.test.setBalance({ address: account.address, value: parseEther("1000") });
  const jars = await Promise.all(accounts.map((a, i) => signIn(p.api, a, p.chain.chainId, { "x-forwarded-for": clientAddress(i) })));
  const latencies: number[] = [];
  const started = performance.now();
  for (let round = 0; round < p.rounds; round++) {
    await Promise.all(
      jars.map(async (jar, i) => {
        const id = p.firstId + round * p.buyers + i;
        const sent = performance.now();
        const res = await jar.fetch("/api/mint/authorize", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ tokenIds: [id], chainId: p.chain.chainId }),
        });
        const body = await res.text();
        latencies.push(performance.now() - sent);
        if (res.status !== 200) throw new Error(`authorize #${id}: ${res.status} ${body}`);
      }),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: latencies.length,
    p50Ms: Math.round(percentile(sorted, 50)),
    p99Ms: Math.round(percentile(sorted, 99)),
    rps: Math.round(latencies.length / seconds),
  };
}
