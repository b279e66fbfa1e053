// The architecture rules (.dependency-cruiser.cjs, `npm run lint:arch`) each catch what they forbid.
// Runs dependency-cruiser on a throwaway copy of the workspace's skeleton: the real config and
// package.json files, pnpm-style links between the packages, and a few files that each break one rule.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { REPO_ROOT } from "@pixlings/shared/node/paths";

const DEPCRUISE = path.join(REPO_ROOT, "node_modules", "dependency-cruiser", "bin", "dependency-cruiser.mjs");
const PACKAGES = ["shared", "scripts", "indexer", "api", "web", "test-kit", "local-google", "local-stripe", "local-printful", "bench", "test"];

/** Files that break no rule (the test files are entry points, so nothing here is unused). */
const CLEAN: Record<string, string> = {
  "shared/src/chains.ts": "export const CHAINS = {};",
  "scripts/paths.ts": 'export const REPO_ROOT = "/";',
  "api/src/app.ts":
    'import { CHAINS } from "@pixlings/shared/chains";\nimport type { Env } from "./config/envSchema.ts";\nimport { db } from "./db/openDatabase.ts";\nimport { holds } from "./sale/holds.ts";\nexport const app: [unknown, Env?, unknown?, unknown?] = [CHAINS, undefined, db, holds];',
  "api/src/app.test.ts": 'import { app } from "./app.ts";\nimport { startTestApi } from "@pixlings/test-kit/api";\nexport const t = [app, startTestApi];',
  "api/src/config/envSchema.ts": "export type Env = Record<string, string>;",
  // A face named in api/package.json's exports.
  "api/src/face/config.ts": 'export type { Env } from "../config/envSchema.ts";',
  // The tables: drizzle's list re-exports them; only sale/ imports the holds' and card orders' own files.
  "api/src/db/tables/reservations.ts": "export const reservations = {};",
  "api/src/db/schema.ts": 'export * from "./tables/reservations.ts";',
  "api/src/db/openDatabase.ts": 'import * as schema from "./schema.ts";\nexport const db = schema;',
  "api/src/sale/holds.ts": 'import { reservations } from "../db/tables/reservations.ts";\nexport const holds = reservations;',
  "test-kit/src/api.ts": 'import { app } from "@pixlings/api/app";\nexport const startTestApi = app;',
  "web/src/main.tsx": 'import { CHAINS } from "@pixlings/shared/chains";\nexport const main = CHAINS;',
  "scripts/chains/index.ts":
    'import { REPO_ROOT } from "../paths.ts";\nimport { app } from "@pixlings/api/app";\nimport type { Env } from "@pixlings/api/config";\nexport const x: [string, unknown, Env?] = [REPO_ROOT, app];',
};

/** One file per rule, and the rule it must break. */
const BROKEN: { rule: string; file: string; source: string }[] = [
  {
    rule: "not-in-package-json",
    file: "indexer/src/undeclared.ts",
    source: 'import { REPO_ROOT } from "@pixlings/scripts/paths";\nexport const a = REPO_ROOT;',
  },
  { rule: "not-in-package-json", file: "contracts/test/root.test.ts", source: 'import { app } from "@pixlings/api/app";\nexport const a = app;' },
  // The path is assembled so the repo's own cross-import scan does not take this fixture for a real import.
  {
    rule: "import-packages-by-name",
    file: "api/src/relative.ts",
    source: `import { CHAINS } from "${["..", "..", "shared", "src", "chains.ts"].join("/")}";\nexport const a = CHAINS;`,
  },
  {
    rule: "web-reaches-server-over-http",
    file: "web/src/server.ts",
    source: 'import type { Env } from "@pixlings/api/config";\nexport type A = Env;',
  },
  { rule: "web-no-node-builtins", file: "web/src/node.ts", source: 'import { readFileSync } from "node:fs";\nexport const a = readFileSync;' },
  { rule: "indexer-not-api", file: "indexer/src/api.ts", source: 'import type { Env } from "@pixlings/api/config";\nexport type A = Env;' },
  { rule: "api-not-web-or-scripts", file: "api/src/scripts.ts", source: 'import { REPO_ROOT } from "@pixlings/scripts/paths";\nexport const a = REPO_ROOT;' },
  { rule: "shared-imports-no-package", file: "shared/src/package.ts", source: 'import { app } from "@pixlings/api/app";\nexport const a = app;' },
  { rule: "shared-runs-in-browsers", file: "shared/src/art/node.ts", source: 'import { readFileSync } from "node:fs";\nexport const a = readFileSync;' },
  {
    rule: "production-not-test-code",
    file: "api/src/testKit.ts",
    source: 'import { startTestApi } from "@pixlings/test-kit/api";\nexport const a = startTestApi;',
  },
  { rule: "production-not-test-code", file: "api/src/testFile.ts", source: 'import { t } from "./app.test.ts";\nexport const a = t;' },
  { rule: "no-test-file-imports", file: "api/src/leaf.test.ts", source: 'import { t } from "./app.test.ts";\nexport const a = t;' },
  { rule: "no-unused-file", file: "shared/src/orphan.ts", source: "export const orphan = 1;" },
  { rule: "no-circular", file: "api/src/cycleA.ts", source: 'import { b } from "./cycleB.ts";\nexport const a = (): unknown => b;' },
  { rule: "no-non-package-json", file: "shared/src/npm.ts", source: 'import { defineConfig } from "hardhat/config";\nexport const a = defineConfig;' },
  { rule: "not-to-dev-dep", file: "api/src/devDep.ts", source: 'import { defineConfig } from "drizzle-kit";\nexport const a = defineConfig;' },
  {
    rule: "sale-owns-holds",
    file: "api/src/mint/holds.ts",
    source: 'import { reservations } from "../db/tables/reservations.ts";\nexport const a = reservations;',
  },
  {
    rule: "tables-by-their-own-file",
    file: "api/src/review/tables.ts",
    source: 'import { reservations } from "../db/schema.ts";\nexport const a = reservations;',
  },
  // Past a package's public face (its package.json `exports`): the import resolves to nothing.
  {
    rule: "not-to-unresolvable",
    file: "test-kit/src/internals.ts",
    source: ["import type { Env } from ", '"@pixlings/api/', 'config/envSchema";', "\nexport type A = Env;"].join(""),
  },
  { rule: "not-to-unresolvable", file: "api/src/missing.ts", source: 'import { nothing } from "./notThere.ts";\nexport const a = nothing;' },
];
/** The other half of the cycle. */
const CYCLE_B = { file: "api/src/cycleB.ts", source: 'import { a } from "./cycleA.ts";\nexport const b = (): unknown => a;' };

interface Violation {
  rule: { name: string };
  from: string;
}

let root: string;

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), `${text}\n`);
}

/** `<pkg>/node_modules/<name>` as pnpm lays it out: workspace packages to the copy, npm ones to the real install. */
function link(pkg: string, name: string): void {
  const at = path.join(root, pkg, "node_modules", name);
  mkdirSync(path.dirname(at), { recursive: true });
  const workspace = name.startsWith("@pixlings/") ? name.slice("@pixlings/".length) : undefined;
  symlinkSync(workspace ? path.join(root, workspace) : realpathSync(path.join(REPO_ROOT, pkg, "node_modules", name)), at);
}

function cruise(): { code: number | null; violations: Violation[]; stderr: string } {
  const run = spawnSync(process.execPath, [DEPCRUISE, "--config", ".dependency-cruiser.cjs", "--output-type", "json", "."], { cwd: root, encoding: "utf8" });
  const violations = run.stdout ? (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations : [];
  return { code: run.status, violations, stderr: run.stderr };
}

before(() => {
  root = mkdtempSync(path.join(tmpdir(), "pixlings-arch-"));
  for (const file of [".dependency-cruiser.cjs", "pnpm-workspace.yaml", "package.json", ...PACKAGES.map((p) => `${p}/package.json`)]) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    copyFileSync(path.join(REPO_ROOT, file), path.join(root, file));
  }
  for (const pkg of ["", ...PACKAGES]) {
    const json = JSON.parse(readFileSync(path.join(REPO_ROOT, pkg, "package.json"), "utf8")) as Record<string, Record<string, string> | undefined>;
    for (const name of Object.keys({ ...json.dependencies, ...json.devDependencies })) if (name.startsWith("@pixlings/")) link(pkg, name);
  }
  link("", "hardhat");
  link("api", "drizzle-kit");
  for (const [file, text] of Object.entries(CLEAN)) write(file, text);
});

after(() => {
  rmSync(root, { recursive: true, force: true });
});

test("the workspace's skeleton alone passes", () => {
  const { code, violations, stderr } = cruise();
  assert.deepEqual(violations, [], stderr);
  assert.equal(code, 0, stderr);
});

test("each rule names the file that breaks it", () => {
  for (const { file, source } of [...BROKEN, CYCLE_B]) write(file, source);
  try {
    const { violations } = cruise();
    const found = new Set(violations.map((v) => `${v.rule.name} ${v.from}`));
    const missed = BROKEN.filter(({ rule, file }) => !found.has(`${rule} ${file}`)).map(({ rule, file }) => `${rule} ${file}`);
    assert.deepEqual(missed, []);
  } finally {
    for (const { file } of [...BROKEN, CYCLE_B]) rmSync(path.join(root, file));
  }
});

test("a cycle among the packages' dependencies stops the check", () => {
  const file = path.join(root, "indexer", "package.json");
  const before = readFileSync(file, "utf8");
  const json = JSON.parse(before) as { dependencies: Record<string, string> };
  json.dependencies["@pixlings/api"] = "workspace:*";
  writeFileSync(file, JSON.stringify(json));
  try {
    const { code, stderr } = cruise();
    assert.notEqual(code, 0);
    assert.match(stderr, /no-package-cycle: .*@pixlings\/api -> @pixlings\/indexer -> @pixlings\/api/);
  } finally {
    writeFileSync(file, before);
  }
});

test("two folders of api/src importing each other stop the check, naming the pair and a file each way", () => {
  const planted = {
    "api/src/mint/usesReview.ts": 'import { w } from "../review/w.ts";\nexport const x = w;',
    "api/src/review/w.ts": "export const w = 1;",
    "api/src/review/usesMint.ts": 'import type { Z } from "../mint/z.ts";\nexport type Y = Z;',
    "api/src/mint/z.ts": "export type Z = number;",
    // A test file may import across (its folder's tests are no production code).
    "api/src/sale/mint.test.ts": 'import { x } from "../mint/usesReview.ts";\nexport const t = x;',
  };
  for (const [file, source] of Object.entries(planted)) write(file, source);
  try {
    const { code, stderr } = cruise();
    assert.notEqual(code, 0);
    assert.match(stderr, /no-folder-pair: .*mint <-> review \(api\/src\/mint\/usesReview\.ts, api\/src\/review\/usesMint\.ts\)/);
    assert.doesNotMatch(stderr, /mint <-> sale|sale <-> mint/);
  } finally {
    for (const file of Object.keys(planted)) rmSync(path.join(root, file));
  }
});
