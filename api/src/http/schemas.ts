import { getAddress, isAddress, type Address } from "viem";
import { z } from "zod";
import { COLLECTION } from "@pixlings/shared/collection";

const { firstTokenId, totalSupply } = COLLECTION;

/** A token id in a path or query string: decimal digits, 1..9999. */
export const tokenIdString = z
  .string()
  .regex(/^[0-9]+$/, `must be a token id (${firstTokenId}..${totalSupply})`)
  .transform(Number)
  .pipe(z.number().int().min(firstTokenId, `must be at least ${firstTokenId}`).max(totalSupply, `must be at most ${totalSupply}`));

/** A positive integer in a path or query string. */
export const positiveIntString = (name: string, max?: number) => {
  const n = z.number().int().min(1, `${name} must be at least 1`);
  return z
    .string()
    .regex(/^[0-9]+$/, `must be a whole number`)
    .transform(Number)
    .pipe(max === undefined ? n : n.max(max, `${name} must be at most ${max}`));
};

/** An Ethereum address in any case; answered checksummed. */
export const addressString = z
  .string()
  .refine((value) => isAddress(value, { strict: false }), "must be a 0x-prefixed 20-byte hex address")
  .transform((value): Address => getAddress(value));
