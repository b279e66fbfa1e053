import type { z } from "zod";

/** Whether `A` and `B` have the same keys and each is assignable to the other. */
type Same<A, B> = [A, keyof A] extends [B, keyof B] ? ([B, keyof B] extends [A, keyof A] ? true : false) : false;

/** `S` when it parses the request type `T` exactly: every `T` passes its input type, and it yields a `T` with `T`'s keys. */
type ParsesExactly<S extends z.ZodType, T> = [T] extends [z.input<S>] ? (Same<z.output<S>, T> extends true ? S : never) : never;

/**
 * The body schema of a route, checked by the compiler against its request type `T` in the HTTP
 * contract (`@pixlings/shared/http/*`): `requestBody<AuthorizeRequest>()(z.object({ ... }))`.
 * A schema that drifts from the contract (a field missing, extra, or of another type) does not compile.
 */
export function requestBody<T>(): <S extends z.ZodType>(schema: S & ParsesExactly<S, T>) => S {
  return (schema) => schema;
}
