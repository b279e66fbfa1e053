// What a process loads at start: the modules only some requests need are loaded on first use
// (docs/api.md, Memory), so every web process does not carry them.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

/** Every module the API's start imports (main.ts's own imports, without running it). */
const STARTUP = ["../app.ts", "../roles/runWorker.ts", "../db/openDatabase.ts", "../indexer/openIndexerReader.ts", "./readConfig.ts"].map((file) =>
  fileURLToPath(new URL(file, import.meta.url)),
);

/** The URLs of the packages under node_modules that importing `files` loads, in a fresh process. */
function packagesLoaded(files: readonly string[]): Set<string> {
  const script = `
    import { registerHooks } from "node:module";
    const seen = new Set();
    registerHooks({ load(url, context, next) { const name = /.*\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(url)?.[1]; if (name) seen.add(name); return next(url, context); } });
    for (const file of ${JSON.stringify(files)}) await import(file);
    process.stdout.write(JSON.stringify([...seen]));
  `;
  const out = execFileSync(process.execPath, ["--input-type=module", "--eval", script], { encoding: "utf8", env: { PATH: process.env.PATH ?? "" } });
  return new Set(JSON.parse(out) as string[]);
}

describe("the API's start", () => {
  it("loads neither Stripe's SDK (card payments only) nor sharp (artwork uploads only) until they are used", () => {
    const loaded = packagesLoaded(STARTUP);
    // The check itself sees packages: express is loaded by the app.
    assert.ok(loaded.has("express"), `express not seen among ${[...loaded].join(", ")}`);
    assert.ok(!loaded.has("stripe"), "stripe is loaded at start");
    assert.ok(!loaded.has("sharp"), "sharp is loaded at start");
  });
});
