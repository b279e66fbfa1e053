import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

/** What gains from compression: text. Images are PNG/WebP already. */
const COMPRESSIBLE = /\.(js|css|svg|json|html|txt|map)$/;
/** Smaller files gain little: a packet either way. */
const MIN_BYTES = 1_024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `name.br` and `name.gz` beside every compressible file of `dir` (once per build, at the
 * highest levels: the server then sends them as they are, api/src/web/precompressed.ts). A copy
 * no smaller than the file is not written. Returns the files compressed.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => COMPRESSIBLE.test(name));
  const done: string[] = [];
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const body = await readFile(file);
      if (body.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < body.length) await writeFile(`${file}.br`, br);
      if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
      done.push(name);
    }),
  );
  return done.sort();
}

/** Vite plugin: after the build is written, compresses its hashed assets (`outDir/assets`). */
export function precompressAssets(): Plugin {
  let assetsDir = "";
  return {
    name: "pixlings-precompress-assets",
    apply: "build",
    configResolved(config) {
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    async closeBundle() {
      await precompressDir(assetsDir);
    },
  };
}
