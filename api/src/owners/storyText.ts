import { z } from "zod";

/** Any control character but the line breaks a story may have. */
const CONTROL = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
const LINE_BREAK = /[\r\n]/;
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
      if (CONTROL.test(text) || (!lineBreaks && LINE_BREAK.test(text))) {
        ctx.addIssue({ code: "custom", message: `${field} must not contain control characters${lineBreaks ? "" : " or line breaks"}` });
      }
      if (MARKUP.test(text)) ctx.addIssue({ code: "custom", message: `${field} must be plain text, not markup (no <tags>)` });
      return text;
    });
}
