import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import { test } from "node:test";
import { prefixedWriter } from "./prefixOutput.ts";

test("prefixes whole lines, keeps a partial one for later, and leaves out dropped lines", () => {
  const out = new PassThrough();
  const write = prefixedWriter("[x] ", out, (line) => line.includes("noise"));
  write("one\ntw");
  write("o\nnoise here\nthree");
  assert.equal(out.read()?.toString(), "[x] one\n[x] two\n");
  write("\n");
  assert.equal(out.read()?.toString(), "[x] three\n");
});
