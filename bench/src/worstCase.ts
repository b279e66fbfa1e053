import { bytesToHex, encodeFunctionData, type Hex, type LocalAccount } from "viem";
import { encodePiece, type Art } from "@pixlings/shared/art/codec";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { BenchClients } from "./clients.ts";
import type { Target } from "./targets.ts";

const INTRINSIC_GAS = 21_000n;

/**
 * The costliest picture the contract accepts: 16 colours, no symmetry, no two neighbours alike,
 * so the SVG holds 15 groups and 72 runs besides the background.
 */
function worstCasePiece(): Art {
  const palette = Array.from({ length: 16 }, (_, i) => 0x101010 * i + 0x0a0b0c);
  const pixels = Uint8Array.from({ length: 81 }, (_, cell) => (cell * 7 + Math.floor(cell / 9) * 3) % 16);
  return { palette, pixels };
}

/**
 * `tokenURI` gas of the worst-case piece on Pixlings: the art admin replaces the art of `id`
 * (which must be unminted), the minter mints it to custody, then the call is estimated.
 */
export async function worstCaseTokenUriGas(clients: BenchClients, target: Target, admin: LocalAccount, custody: LocalAccount, id: bigint): Promise<number> {
  const send = async (data: Hex): Promise<void> => {
    const hash = await clients.wallet(admin).sendTransaction({ to: target.address, data });
    const receipt = await clients.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== "success") throw new Error(`worst-case setup transaction ${hash} reverted`);
  };
  const art = bytesToHex(encodePiece(worstCasePiece()));
  await send(encodeFunctionData({ abi: pixlingsAbi, functionName: "replaceArt", args: [id, art] }));
  await send(encodeFunctionData({ abi: pixlingsAbi, functionName: "mintToCustody", args: [custody.address, [id]] }));
  const data = encodeFunctionData({ abi: pixlingsAbi, functionName: "tokenURI", args: [id] });
  return Number((await clients.publicClient.estimateGas({ account: admin.address, to: target.address, data })) - INTRINSIC_GAS);
}
