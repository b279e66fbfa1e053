import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { type ManifestChunk, PRELOADED_PAGES, pagePreloads } from "./pagePreloads.ts";

const MANIFEST: Record<string, ManifestChunk> = {
  "index.html": { file: "assets/index-1.js", isEntry: true, imports: ["_runtime.js"] },
  "_runtime.js": { file: "assets/runtime-1.js" },
  "src/pages/browse/BrowsePage.tsx": { file: "assets/BrowsePage-1.js", imports: ["_runtime.js", "index.html", "_Pager.js", "_listing.js"] },
  "_Pager.js": { file: "assets/Pager-1.js", imports: ["index.html", "_sizes.js"] },
  "_listing.js": { file: "assets/listing-1.js", imports: ["_sizes.js"] },
  "_sizes.js": { file: "assets/sizes-1.js" },
  "src/pages/mint/MintPage.tsx": { file: "assets/MintPage-1.js", imports: ["index.html"] },
};

describe("the page chunks the API preloads", () => {
  it("lists a page's chunk and every chunk it imports statically, once each, less the entry's own", () => {
    assert.deepEqual(pagePreloads(MANIFEST, { browse: "src/pages/browse/BrowsePage.tsx", mint: "src/pages/mint/MintPage.tsx" }), {
      browse: ["/assets/BrowsePage-1.js", "/assets/Pager-1.js", "/assets/sizes-1.js", "/assets/listing-1.js"],
      mint: ["/assets/MintPage-1.js"],
    });
  });

  it("leaves out a page the build does not have", () => {
    assert.deepEqual(pagePreloads(MANIFEST, { browse: "src/pages/browse/Gone.tsx" }), {});
  });

  it("names pages as web/src/App.tsx imports them", () => {
    const app = readFileSync(new URL("../src/App.tsx", import.meta.url), "utf8");
    for (const source of Object.values(PRELOADED_PAGES)) assert.ok(app.includes(`import("./${source.replace(/^src\//, "")}")`), source);
  });
});
