// Loaded into every Node process of `npm test` (NODE_OPTIONS=--import, scripts/test/testEnv.ts).
// Node 22 re-reads the nearest package.json for every ES module it resolves, and turns its whole
// `exports` into objects each time (the reader spreads its lazy fields): about 0.6 s of CPU per
// process for drizzle-orm's 179 kB package.json alone (docs/testing.md, "Module loading"). A relative
// `./x.js` import between two files of a package in node_modules resolves to the file itself, with
// the format of every file of that extension in that folder: after Node resolved one, the rest are
// answered from here. Anything else (bare names, our own sources, missing files) goes to Node.
import { statSync } from "node:fs";
import * as nodeModule from "node:module";
import { fileURLToPath } from "node:url";

/** Format Node gave a module, by folder URL and extension. */
const formatByFolder = new Map();

const isRelativeModuleFile = (specifier) => (specifier.startsWith("./") || specifier.startsWith("../")) && /\.m?js$/.test(specifier);

function resolve(specifier, context, nextResolve) {
  const parent = context.parentURL;
  if (!isRelativeModuleFile(specifier) || !parent?.startsWith("file:") || !parent.includes("/node_modules/") || !context.conditions?.includes("import")) {
    return nextResolve(specifier, context);
  }
  const url = new URL(specifier, parent).href;
  const key = `${url.slice(0, url.lastIndexOf("/") + 1)} ${url.endsWith(".mjs") ? "mjs" : "js"}`;
  const format = formatByFolder.get(key);
  if (format === undefined || !statSync(fileURLToPath(url), { throwIfNoEntry: false })?.isFile()) {
    const resolved = nextResolve(specifier, context);
    if (resolved.url === url && resolved.format) formatByFolder.set(key, resolved.format);
    return resolved;
  }
  return { url, format, shortCircuit: true };
}

// Node 20 (npm's own processes) has no synchronous hooks: it runs as it is.
nodeModule.registerHooks?.({ resolve });
