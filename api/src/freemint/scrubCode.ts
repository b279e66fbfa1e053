import { HttpError } from "../http/HttpError.ts";

/** An error's message with every cause's, as one line. */
function messagesOf(error: Error): string {
  const parts: string[] = [];
  for (let at: unknown = error; at instanceof Error && parts.length < 5; at = at.cause) parts.push(at.message);
  return parts.join("; caused by: ");
}

/**
 * An error of a freemint request as it may be logged: a failure of ours (a database error names
 * the query's parameters, the code among them) becomes a plain Error whose message and stack have
 * the code replaced, without the original's fields and causes. Our own answers (HttpError) never
 * name the code and pass as they are.
 */
export function scrubCode(error: unknown, codes: readonly string[]): unknown {
  if (error instanceof HttpError) return error;
  const original = error instanceof Error ? error : new Error(String(error));
  const scrub = (text: string): string =>
    codes.filter((code) => code.length > 0).reduce((scrubbed, code) => scrubbed.split(code).join("[freemint code]"), text);
  const scrubbed = new Error(scrub(messagesOf(original)));
  scrubbed.stack = scrub(original.stack ?? scrubbed.message);
  return scrubbed;
}
