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

const idRange = `must be a token id (${firstTokenId}..${totalSupply})`;
/** A token id in a JSON body. */
export const tokenIdNumber = z.number({ error: idRange }).int(idRange).min(firstTokenId, idRange).max(totalSupply, idRange);

/** 1..`max` distinct token ids in a JSON body. */
export const tokenIdList = (max: number) =>
  z
    .array(tokenIdNumber, { error: "must be a list of token ids" })
    .min(1, "must name at least one Pix")
    .max(max, `at most ${max} Pix at once`)
    .refine((ids) => new Set(ids).size === ids.length, "must not repeat a Pix");

/** The largest row id the database stores (Postgres `integer`): a larger one can name no row. */
const ROW_ID_MAX = 2_147_483_647;

/** A row id in a JSON body: 1..ROW_ID_MAX (a larger number is refused here, never sent to the database). */
export const rowIdNumber = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(ROW_ID_MAX, `${name} is not an id`);

/** A positive integer in a path or query string, at most `max` (default: the largest row id). */
export const positiveIntString = (name: string, max = ROW_ID_MAX) =>
  z
    .string()
    .regex(/^[0-9]+$/, `must be a whole number`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, `${name} must be at least 1`)
        .max(max, max === ROW_ID_MAX ? `${name} is not an id` : `${name} must be at most ${max}`),
    );

/** An Ethereum address in any case; answered checksummed. */
export const addressString = z
  .string()
  .refine((value) => isAddress(value, { strict: false }), "must be a 0x-prefixed 20-byte hex address")
  .transform((value): Address => getAddress(value));

/** A card order's id (a UUID) in a path. */
export const orderIdString = z.string().uuid("must be an order id");
