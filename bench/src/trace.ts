import type { Hash } from "viem";

export type Prestate = Record<string, { code?: string; storage?: Record<string, string> }>;

/** anvil's geth-style `prestateTracer` of a mined transaction (diffMode: pre and post of what changed). */
export async function prestate<T>(url: string, hash: Hash, diffMode: boolean): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "debug_traceTransaction",
      params: [hash, { tracer: "prestateTracer", tracerConfig: { diffMode } }],
    }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (!body.result) throw new Error(`debug_traceTransaction ${hash}: ${body.error?.message ?? "no result"}`);
  return body.result;
}

export const isZero = (word: string | undefined): boolean => word === undefined || BigInt(word) === 0n;

/** EIP-2028 calldata cost: 4 gas a zero byte, 16 a non-zero byte. */
export function calldataGas(data: Uint8Array): number {
  const zeros = data.filter((b) => b === 0).length;
  return 4 * zeros + 16 * (data.length - zeros);
}
