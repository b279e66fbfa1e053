import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CUSTOM_DESCRIPTION_MAX, CUSTOM_NAME_MAX } from "@pixlings/shared/http/owners";
import { storyText } from "./storyText.ts";

const name = storyText("customName", CUSTOM_NAME_MAX, { lineBreaks: false });
const story = storyText("customDescription", CUSTOM_DESCRIPTION_MAX, { lineBreaks: true });
const problem = (schema: typeof name, value: unknown): string | undefined => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues.map((issue) => issue.message).join("; ");
};

describe("storyText", () => {
  it("takes plain text up to the limit (in characters, not bytes), trimmed; blank or null clears", () => {
    assert.equal(name.parse("  Sir Pix  "), "Sir Pix");
    assert.equal(name.parse("é".repeat(50)), "é".repeat(50));
    assert.equal(name.parse("🦊".repeat(50)), "🦊".repeat(50), "an emoji is one character");
    assert.equal(story.parse("x".repeat(500)), "x".repeat(500));
    assert.equal(name.parse("   "), null);
    assert.equal(name.parse(null), null);
    assert.equal(story.parse("Line one\r\nLine two"), "Line one\nLine two");
    // Angle brackets that are not tags are text.
    assert.equal(name.parse("I <3 pixels & 2 > 1"), "I <3 pixels & 2 > 1");
  });

  it("refuses 51/501 characters, control characters, line breaks in a name, markup and non-text", () => {
    assert.match(problem(name, "x".repeat(51)) ?? "", /customName is at most 50 characters \(this one has 51\)/);
    assert.match(problem(story, "x".repeat(501)) ?? "", /customDescription is at most 500 characters/);
    assert.match(problem(name, "a\u0007b") ?? "", /control characters/);
    assert.match(problem(name, "a\u202eb") ?? "", /control characters/, "no bidi overrides");
    assert.match(problem(name, "two\nlines") ?? "", /line breaks/);
    assert.match(problem(story, "a\u0000b") ?? "", /control characters/);
    for (const markup of ["<b>hi</b>", "<script>alert(1)</script>", "x </p>", "<!-- c -->", "< img src=x onerror=alert(1)>", "<?php"]) {
      assert.match(problem(story, markup) ?? "", /plain text, not markup/, markup);
    }
    assert.match(problem(name, 42) ?? "", /must be text or null/);
  });
});
