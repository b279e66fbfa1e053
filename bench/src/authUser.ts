import { googleSignIn } from "@pixlings/test-kit/localGoogle";
import { mapLimit } from "./mapLimit.ts";

/**
 * `sessions` Google users signed in through the local stand-in's real pages (distinct emails);
 * returns a function cycling over their session cookies, one per request.
 */
export async function googleSessions(apiUrl: string, sessions: number): Promise<() => Record<string, string>> {
  const cookies = await mapLimit(
    Array.from({ length: sessions }, (_, i) => i),
    8,
    async (i) => {
      const { jar } = await googleSignIn(apiUrl, { email: `bench-${i}@pixlings.test` });
      if (!jar.cookie) throw new Error(`bench user ${i} has no session`);
      return jar.cookie;
    },
  );
  let next = -1;
  return () => {
    next = (next + 1) % cookies.length;
    return { cookie: cookies[next] ?? "" };
  };
}
