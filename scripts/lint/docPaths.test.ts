// The docs name only what exists: every relative link in a README or a `docs/` page reaches a file
// (and its #anchor a heading there), and every repo path in backticks or in a code block exists.
// A path counts as a repo path when its first folder is one of the repo root's or of the doc's
// own folder, or when it names a source file (`lib/config.ts`). Templates (`<chainId>.json`) and
// gitignored output (`.pixlings/`, `web/dist/`) are not checked; globs must match something.
import assert from "node:assert/strict";
import { existsSync, globSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "@pixlings/shared/node/paths";

const SKIPPED_DIRS = new Set(["node_modules", ".pixlings", "artifacts", "cache", "coverage", "dist", "results", ".git"]);
const SOURCE_FILE = /\.(ts|tsx|mts|mjs|cjs|js|sol|json|jsonc|md|sql|yaml|css|html)$/;
const GLOB = /[*?{}[\]]|!\(/;

/** Every README and every page under docs/, relative to `root`. */
function docFiles(root: string): string[] {
  const skip = (name: unknown): boolean => SKIPPED_DIRS.has(path.basename(String(name)));
  const files = [...globSync("**/README.md", { cwd: root, exclude: skip }), ...globSync("docs/**/*.md", { cwd: root, exclude: skip })];
  return [...new Set(files.map((file) => file.split(path.sep).join("/")))].sort();
}

/** The root .gitignore's patterns: a path under one of them is build output or local state. */
function ignoredPatterns(root: string): string[] {
  const file = path.join(root, ".gitignore");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.trim().replace(/^\//, "").replace(/\/$/, ""))
    .filter((line) => line !== "" && !line.startsWith("#") && !line.startsWith("!"));
}

function isIgnored(relative: string, patterns: readonly string[]): boolean {
  const parts = relative.split("/");
  const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join("/"));
  // A pattern with a slash is anchored at the root; one without matches any single name.
  return patterns.some((pattern) => (pattern.includes("/") ? prefixes : parts).some((name) => path.matchesGlob(name, pattern)));
}

const withoutCodeBlocks = (markdown: string): string => markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, "");

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slugOf = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of withoutCodeBlocks(markdown).matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const slug = slugOf(match[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  // A row or a paragraph named by hand (docs/map.md's rows): `<a id="admin-area"></a>`.
  for (const match of withoutCodeBlocks(markdown).matchAll(/<a id="([\w-]+)"><\/a>/g)) anchors.add(match[1]!);
  return anchors;
}

/** Words that may be paths: inside backticks, and every word of a fenced code block. */
function candidateWords(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((m) => m[1]!);
  const inline = [...withoutCodeBlocks(markdown).matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  return [...blocks, ...inline].flatMap((text) => text.split(/\s+/));
}

/** `word` as a path to check, or undefined when it is not one (a URL, a package, a template, a route). */
function pathOf(word: string): string | undefined {
  const cleaned = word
    .replace(/^[("'[]+/, "")
    .replace(/[)"'\],;:.]+$/, "")
    .replace(/#.*$/, "")
    .replace(/:\d+$/, "");
  // "…" and "..." stand for what is left out: an example, not a path.
  if (!cleaned.includes("/") || cleaned.includes("://") || /…|\.\.\.|[<>=$]/.test(word)) return undefined;
  if (cleaned.startsWith("/") || cleaned.startsWith("@") || cleaned.startsWith("~")) return undefined;
  return cleaned;
}

function exists(base: string, relative: string): boolean {
  if (!GLOB.test(relative)) return existsSync(path.join(base, relative));
  const skip = (name: unknown): boolean => path.basename(String(name)) === "node_modules";
  return globSync(relative, { cwd: base, exclude: skip }).length > 0;
}

/** What `doc` (relative to `root`) names that does not exist, one line each. */
function deadPaths(root: string, doc: string): string[] {
  const file = path.join(root, doc);
  const dir = path.dirname(file);
  const markdown = readFileSync(file, "utf8");
  const ignored = ignoredPatterns(root);
  const topLevel = (folder: string): Set<string> => new Set(readdirSync(folder));
  const rootNames = topLevel(root);
  const docNames = topLevel(dir);
  const dead = new Set<string>();

  for (const match of withoutCodeBlocks(markdown).matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1]!;
    if (/^[a-z][a-z+.-]*:/i.test(target)) continue;
    const [targetPath = "", anchor] = target.split("#");
    const resolved = targetPath === "" ? file : path.resolve(dir, targetPath);
    if (!existsSync(resolved)) {
      dead.add(`link ${target}`);
      continue;
    }
    if (anchor && resolved.endsWith(".md") && !anchorsOf(readFileSync(resolved, "utf8")).has(anchor)) dead.add(`anchor ${target}`);
  }

  for (const word of candidateWords(markdown)) {
    const relative = pathOf(word);
    if (relative === undefined) continue;
    const bases: string[] = [];
    if (relative.startsWith("./") || relative.startsWith("../")) bases.push(dir);
    else {
      const first = relative.split("/")[0]!;
      if (rootNames.has(first)) bases.push(root);
      if (docNames.has(first)) bases.push(dir);
      if (bases.length === 0 && !GLOB.test(first) && SOURCE_FILE.test(relative)) bases.push(root, dir);
    }
    if (bases.length === 0) continue;
    if (bases.some((base) => isIgnored(path.relative(root, path.resolve(base, relative)).split(path.sep).join("/"), ignored))) continue;
    if (!bases.some((base) => exists(base, relative))) dead.add(`path ${relative}`);
  }
  return [...dead].map((line) => `${doc}: ${line}`);
}

test("every link and repo path in the READMEs and docs/ exists", () => {
  const docs = docFiles(REPO_ROOT);
  assert.ok(docs.includes("README.md") && docs.some((doc) => doc.startsWith("docs/")), `found only ${docs.join(", ")}`);
  assert.deepEqual(
    docs.flatMap((doc) => deadPaths(REPO_ROOT, doc)),
    [],
  );
});

test("the check finds dead links, anchors and paths, and passes live ones", () => {
  const root = mkdtempSync(path.join(tmpdir(), "pixlings-doc-paths-"));
  try {
    mkdirSync(path.join(root, "api", "src", "mint"), { recursive: true });
    mkdirSync(path.join(root, "docs"));
    writeFileSync(path.join(root, ".gitignore"), ".pixlings/\nweb/dist/\n");
    writeFileSync(path.join(root, "api", "src", "mint", "authorize.ts"), "");
    writeFileSync(path.join(root, "docs", "sale.md"), "# The sale (`api/src/mint/`)\n\n## Step by step\n");
    writeFileSync(
      path.join(root, "api", "README.md"),
      [
        "Live: [sale](../docs/sale.md#step-by-step), [top](../docs/sale.md#the-sale-apisrcmint), `src/mint/authorize.ts`,",
        "`api/src/mint/`, `src/**/*.ts`, `deployments/<chainId>.json`, `.pixlings/art/`, `web/dist/x.js`, `viem/siwe`,",
        "`GET /api/nfts/token/{id}`, `@pixlings/shared/chains`, `http://127.0.0.1:3001/api`, (`src/mint/authorize.ts`).",
        "Dead: [gone](../docs/gone.md), [bad anchor](../docs/sale.md#nowhere), `src/mint/old.ts`, `lib/config.ts`, `src/**/*.sol`.",
        "Examples: `../../shared/src/...`, `src/…/x.ts`.",
        "```",
        "src/mint/        vouchers",
        "src/reservations/ holds",
        "```",
      ].join("\n"),
    );
    assert.deepEqual(deadPaths(root, "api/README.md").sort(), [
      "api/README.md: anchor ../docs/sale.md#nowhere",
      "api/README.md: link ../docs/gone.md",
      "api/README.md: path lib/config.ts",
      "api/README.md: path src/**/*.sol",
      "api/README.md: path src/mint/old.ts",
      "api/README.md: path src/reservations/",
    ]);
    assert.deepEqual(docFiles(root), ["api/README.md", "docs/sale.md"]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

// Code comments cite only what is in the repo: a doc of docs/ by path and anchor, never the design
// notes or the product spec kept outside it. Assembled, so this file does not cite them itself.
const OUTSIDE_CITATION = new RegExp(["DESIGN", "\\.md|", "spec", " sections? [0-9]"].join(""));
const DOC_CITATION = /\bdocs\/([\w./-]+\.md)(?:#([\w-]+))?/g;
/** This check's own fixtures cite dead docs on purpose. */
const THIS_FILE = "scripts/lint/docPaths.test.ts";
const CODE_FILE = /\.(ts|tsx|mts|mjs|cjs|js|sol|css|html|yaml|jsonc)$/;

/** The repo's tracked source files (not Markdown), relative to `root`. */
function codeFiles(root: string): string[] {
  const skip = (name: unknown): boolean => SKIPPED_DIRS.has(path.basename(String(name)));
  return globSync("**/*", { cwd: root, exclude: skip })
    .map((file) => file.split(path.sep).join("/"))
    .filter((file) => CODE_FILE.test(file) && file !== THIS_FILE)
    .sort();
}

/** What the code files under `root` cite that is outside the repo or not in its docs, one line each. */
function badCitations(root: string): string[] {
  const bad: string[] = [];
  for (const file of codeFiles(root)) {
    const lines = readFileSync(path.join(root, file), "utf8").split("\n");
    lines.forEach((line, i) => {
      if (OUTSIDE_CITATION.test(line)) bad.push(`${file}:${i + 1}: cites a document outside the repo`);
      for (const [, doc, anchor] of line.matchAll(DOC_CITATION)) {
        const target = path.join(root, "docs", doc!);
        if (!existsSync(target)) bad.push(`${file}:${i + 1}: docs/${doc} does not exist`);
        else if (anchor && !anchorsOf(readFileSync(target, "utf8")).has(anchor)) bad.push(`${file}:${i + 1}: docs/${doc}#${anchor} names no heading or anchor`);
      }
    });
  }
  return bad;
}

test("code comments cite only the repo's own docs, and each cited anchor exists", () => {
  assert.deepEqual(badCitations(REPO_ROOT), []);
});

test("the citation check finds a citation of the outside notes, a dead doc and a dead anchor, and passes live ones", () => {
  const root = mkdtempSync(path.join(tmpdir(), "pixlings-citations-"));
  try {
    mkdirSync(path.join(root, "docs"));
    mkdirSync(path.join(root, "web"));
    writeFileSync(path.join(root, "docs", "map.md"), '# Map\n\n## Screens and routes\n\n| <a id="admin-area"></a>Admin area | x |\n');
    const outside = ["/** (", "spec", " section 2) */"].join("");
    const design = ["// (", "DESIGN", ".md, Keys)"].join("");
    writeFileSync(
      path.join(root, "web", "a.ts"),
      [
        "/** The admin gate (docs/map.md#admin-area), the routes (docs/map.md#screens-and-routes), the map (docs/map.md). */",
        outside,
        design,
        "// docs/gone.md#x and docs/map.md#nowhere",
      ].join("\n"),
    );
    writeFileSync(path.join(root, "docs", "notes.md"), outside);
    assert.deepEqual(badCitations(root), [
      "web/a.ts:2: cites a document outside the repo",
      "web/a.ts:3: cites a document outside the repo",
      "web/a.ts:4: docs/gone.md does not exist",
      "web/a.ts:4: docs/map.md#nowhere names no heading or anchor",
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
