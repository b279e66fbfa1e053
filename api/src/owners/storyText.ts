import { z } from "zod";

/** Control characters (C0, DEL, C1), bidi overrides and Unicode line/paragraph separators. */
const CONTROL = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/u;
/** Something a browser would read as a tag, comment or doctype: `<b>`, `</p>`, `<!--`, `<?x`. */
const MARKUP = /<\s*[a-zA-Z/!?]/;

/**
 * A custom name or story: null (or blank) clears it; otherwise trimmed, at most `max` characters
 * (Unicode code points), no control characters (a story may have line breaks), no markup. Stored
 * and answered as plain text.
 */
export function storyText(field: string, max: number, { lineBreaks }: { lineBreaks: boolean }) {
  return z
    .string({ error: `must be text or null` })
    .nullable()
    .transform((value, ctx): string | null => {
      if (value === null) return null;
      const text = value.replace(/\r\n/g, "\n").trim();
      if (text === "") return null;
      const length = [...text].length;
      if (length > max) ctx.addIssue({ code: "custom", message: `${field} is at most ${max} characters (this one has ${length})` });
      // A story may have line breaks (\n, after \r\n became \n); anything else of the kind is refused.
      if (CONTROL.test(lineBreaks ? text.replaceAll("\n", "") : text)) {
        ctx.addIssue({ code: "custom", message: `${field} must not contain control characters${lineBreaks ? "" : " or line breaks"}` });
      }
      if (MARKUP.test(text)) ctx.addIssue({ code: "custom", message: `${field} must be plain text, not markup (no <tags>)` });
      return text;
    });
}
