import assert from "node:assert/strict";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { precompressDir } from "./precompress.ts";

describe("precompressing the build's assets", () => {
  let dir: string;
  const script = Buffer.from("export const pixels = [".concat("1,2,3,".repeat(2_000), "];\n"));

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "pixlings-precompress-"));
    await writeFile(path.join(dir, "app-1.js"), script);
    await writeFile(path.join(dir, "tiny-1.js"), "export {};\n");
    await writeFile(path.join(dir, "art-1.png"), Buffer.alloc(4_096, 7));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it("writes .br and .gz copies of text files that decompress to the file, and nothing else", async () => {
    assert.deepEqual(await precompressDir(dir), ["app-1.js"]);
    assert.deepEqual((await readdir(dir)).sort(), ["app-1.js", "app-1.js.br", "app-1.js.gz", "art-1.png", "tiny-1.js"]);
    const br = await readFile(path.join(dir, "app-1.js.br"));
    const gz = await readFile(path.join(dir, "app-1.js.gz"));
    assert.deepEqual(brotliDecompressSync(br), script);
    assert.deepEqual(gunzipSync(gz), script);
    assert.ok(br.length < script.length / 10);
  });
});
