// Architecture rules, checked by `npm run lint:arch` (part of `npm run lint` and `npm test`).
// The workspace's packages and what each may import come from pnpm-workspace.yaml and the
// packages' package.json files: one home for those facts, read here, never copied.
const { readFileSync } = require("node:fs");
const path = require("node:path");

const ROOT = __dirname;
const readJson = (file) => JSON.parse(readFileSync(path.join(ROOT, file), "utf8"));
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Workspace folders, as the `packages:` list of pnpm-workspace.yaml names them (`  - shared`). */
const workspaceYaml = readFileSync(path.join(ROOT, "pnpm-workspace.yaml"), "utf8");
const packagesBlock = /^packages:\n((?:[ \t]+.*\n?)*)/m.exec(workspaceYaml)?.[1] ?? "";
const folders = [...packagesBlock.matchAll(/^\s+-\s+["']?([\w./-]+?)["']?\s*$/gm)].map((m) => m[1]);
if (folders.length === 0) throw new Error("pnpm-workspace.yaml lists no packages");
const internal = (deps) => Object.keys(deps ?? {}).filter((name) => name.startsWith("@pixlings/"));
const packages = folders.map((folder) => {
  const json = readJson(`${folder}/package.json`);
  return { folder, name: json.name, dependencies: internal(json.dependencies), devDependencies: internal(json.devDependencies) };
});
const rootJson = readJson("package.json");
const folderOf = new Map(packages.map((p) => [p.name, p.folder]));

/** A cycle among the packages' `dependencies` (what production code may import), or undefined. */
function dependencyCycle() {
  const state = new Map();
  const visit = (name, trail) => {
    if (state.get(name) === "done") return undefined;
    if (state.get(name) === "open") return [...trail.slice(trail.indexOf(name)), name];
    state.set(name, "open");
    for (const next of packages.find((p) => p.name === name)?.dependencies ?? []) {
      const cycle = visit(next, [...trail, name]);
      if (cycle) return cycle;
    }
    state.set(name, "done");
    return undefined;
  };
  for (const p of packages) {
    const cycle = visit(p.name, []);
    if (cycle) return cycle;
  }
  return undefined;
}
const cycle = dependencyCycle();
if (cycle) throw new Error(`no-package-cycle: the packages' package.json dependencies form a cycle: ${cycle.join(" -> ")}`);

/**
 * Folders of api/src that import each other (production code; a file directly in api/src is no
 * folder). Read from the import lines at load, like the package cycle above: dependency-cruiser's
 * folder-scoped `circular` also counts longer loops, and this check is about pairs.
 */
function apiFolderPairs() {
  const { readdirSync, statSync, existsSync } = require("node:fs");
  const src = path.join(ROOT, "api", "src");
  if (!existsSync(src)) return [];
  const edges = new Map();
  const folderOf = (file) => {
    const parts = path.relative(src, file).split(path.sep);
    return parts.length > 1 && !parts[0].startsWith("..") ? parts[0] : undefined;
  };
  const scan = (file) => {
    const from = folderOf(file);
    if (!from) return;
    for (const m of readFileSync(file, "utf8").matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*["'](\.[^"']+)["']/gm)) {
      const to = folderOf(path.resolve(path.dirname(file), m[1]));
      if (!to || to === from) continue;
      const key = `${from} -> ${to}`;
      if (!edges.has(key)) edges.set(key, path.relative(ROOT, file));
    }
  };
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(name) && !new RegExp(TEST_FILE).test(name)) scan(file);
    }
  };
  walk(src);
  return [...edges.keys()]
    .map((key) => key.split(" -> "))
    .filter(([a, b]) => a < b && edges.has(`${b} -> ${a}`))
    .map(([a, b]) => `${a} <-> ${b} (${edges.get(`${a} -> ${b}`)}, ${edges.get(`${b} -> ${a}`)})`);
}

const anyPackage = `^(${folders.map(escapeRegExp).join("|")})/`;
const pathsOf = (names) =>
  names
    .map((name) => folderOf.get(name))
    .filter(Boolean)
    .map(escapeRegExp);
/**
 * A workspace package, by where its file is or (when it does not resolve, e.g. undeclared under
 * pnpm's strict node_modules) by its name: `scripts/`, `@pixlings/scripts/...`.
 */
const packagePaths = (names) => [`^(${pathsOf(names).join("|")})/`, `^(${names.map(escapeRegExp).join("|")})(/|$)`];
const ALL_PACKAGES = packages.map((p) => p.name);
/** Files that are tests or only serve tests: production code must never import them. */
const TEST_FILE = "\\.(test|spec)\\.(ts|tsx|mts|cts|js|mjs|cjs)$";
const TEST_CODE = [TEST_FILE, "^test-kit/", "^test/", "^bench/", "^contracts/test/"];
const TEST_PACKAGES = ["@pixlings/test-kit", "@pixlings/test", "@pixlings/bench"];
const folderPairs = apiFolderPairs();
if (folderPairs.length > 0)
  throw new Error(`no-folder-pair: folders of api/src import each other (move what both need to a lower folder): ${folderPairs.join("; ")}`);

/** Where the code starts: what npm scripts, tools and spawned processes load by path, and every test. */
const ENTRY_POINTS = [
  TEST_FILE,
  "^hardhat\\.config\\.ts$",
  "^api/src/main\\.ts$",
  "^api/drizzle\\.config\\.ts$",
  // Ponder loads its config, schema and everything under src/; the API imports client.ts.
  "^indexer/(ponder\\.config|ponder\\.schema|client)\\.ts$",
  "^indexer/src/",
  "^web/src/main\\.tsx$",
  "^web/vite\\.config\\.ts$",
  // Served as they are (web/index.html loads themeInit.js).
  "^web/public/",
  "^scripts/[^/]+/(index|cli)\\.(ts|mjs)$",
  // Spawned by path (scripts/start/watchdogProcess.ts).
  "^scripts/start/watchdog\\.ts$",
  // Spawned by path (api/src/db/initPgliteDirApart.ts).
  "^api/src/db/initPgliteDir\\.ts$",
  // Spawned by path (test-kit/src/standInsApart.ts).
  "^test-kit/src/standInsChild\\.ts$",
  // Loaded by path into every process of npm test (scripts/test/testEnv.ts: NODE_OPTIONS=--import).
  "^scripts/test/resolveFormats\\.mjs$",
  "^bench/src/(gas|indexer|api|web|webInitialLoad|card|merch|admin|memory|drop)\\.ts$",
  "^test/(playwright\\.config|globalSetup)\\.ts$",
  // Injected into the browser page by path (test/support/wallet/testWallet.ts).
  "^test/support/wallet/provider\\.js$",
];
/** Node-side config files that tools load (Vite, drizzle-kit, Playwright, Ponder, Hardhat). */
const TOOL_CONFIG = "(^|/)[^/]+\\.config\\.(ts|mts|js|mjs|cjs)$";

/**
 * Per package: production files import only the workspace packages in `dependencies`; test files
 * (and packages made only of test code) also those in `devDependencies`; no package reaches into
 * another by a relative path.
 */
const declaredImports = packages.flatMap((p) => {
  const own = `^${escapeRegExp(p.folder)}/`;
  const testOnly = TEST_PACKAGES.includes(p.name);
  const allowedForTests = [p.name, ...p.dependencies, ...p.devDependencies];
  const allowedForProduction = [p.name, ...p.dependencies];
  return [
    {
      name: "not-in-package-json",
      comment: `${p.name} imports a workspace package its package.json does not declare (production code: "dependencies"; tests: also "devDependencies")`,
      severity: "error",
      from: testOnly ? { path: own } : { path: own, pathNot: TEST_FILE },
      to: { path: packagePaths(ALL_PACKAGES), pathNot: packagePaths(testOnly ? allowedForTests : allowedForProduction) },
    },
    ...(testOnly
      ? []
      : [
          {
            name: "not-in-package-json",
            comment: `${p.name}'s tests import a workspace package its package.json does not declare`,
            severity: "error",
            from: { path: `${own}.*${TEST_FILE}` },
            to: { path: packagePaths(ALL_PACKAGES), pathNot: packagePaths(allowedForTests) },
          },
        ]),
    {
      name: "import-packages-by-name",
      comment: `${p.name} reaches into another package by a relative path: import it as @pixlings/<package>/<path> and declare it`,
      severity: "error",
      from: { path: own },
      to: { dependencyTypes: ["local"], path: anyPackage, pathNot: own },
    },
  ];
});

/** The root package: hardhat.config.ts and contracts/test. */
const rootPackage = [
  {
    name: "not-in-package-json",
    comment: "the root (hardhat.config.ts, contracts/test) imports a workspace package the root package.json does not declare",
    severity: "error",
    from: { pathNot: anyPackage },
    to: { path: packagePaths(ALL_PACKAGES), pathNot: packagePaths([...internal(rootJson.dependencies), ...internal(rootJson.devDependencies)]) },
  },
  {
    name: "import-packages-by-name",
    comment: "the root reaches into a package by a relative path: import it as @pixlings/<package>/<path> and declare it",
    severity: "error",
    from: { pathNot: anyPackage },
    to: { dependencyTypes: ["local"], path: anyPackage },
  },
];

module.exports = {
  forbidden: [
    ...declaredImports,
    ...rootPackage,
    {
      name: "web-reaches-server-over-http",
      comment: "The storefront talks to the API over HTTP only: no API, indexer, scripts or test-kit code in the browser bundle",
      severity: "error",
      from: { path: "^web/", pathNot: [TEST_FILE, TOOL_CONFIG] },
      to: { path: packagePaths(["@pixlings/api", "@pixlings/indexer", "@pixlings/scripts", "@pixlings/test-kit"]) },
    },
    {
      name: "web-zod-mini",
      comment: "The storefront uses zod/mini: full zod in any chunk pulls zod's whole core into the first load, which shares it (8 kB gzipped)",
      severity: "error",
      from: { path: "^web/", pathNot: [TEST_FILE, TOOL_CONFIG] },
      to: { path: "node_modules/zod/(index\\.|v4/classic/)" },
    },
    {
      name: "web-no-node-builtins",
      comment: "Browser code imports no Node built-in (web/vite.config.ts and its plugins in web/build/ run in Node and may)",
      severity: "error",
      from: { path: "^web/", pathNot: [TEST_FILE, TOOL_CONFIG, "^web/build/"] },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "indexer-not-api",
      comment: "The indexer never imports the API (the API reads the indexer, not the other way round)",
      severity: "error",
      from: { path: "^indexer/" },
      to: { path: packagePaths(["@pixlings/api"]) },
    },
    {
      name: "api-not-web-or-scripts",
      comment: "The API never imports the web app or scripts/ (dev tooling)",
      severity: "error",
      from: { path: "^api/" },
      to: { path: packagePaths(["@pixlings/web", "@pixlings/scripts"]) },
    },
    {
      name: "shared-imports-no-package",
      comment: "shared/ is the bottom layer: it imports no other workspace package (its tests may use test-kit)",
      severity: "error",
      from: { path: "^shared/", pathNot: TEST_FILE },
      to: { path: packagePaths(ALL_PACKAGES), pathNot: packagePaths(["@pixlings/shared"]) },
    },
    {
      name: "shared-imports-no-package",
      comment: "shared/'s tests import no workspace package but test-kit",
      severity: "error",
      from: { path: `^shared/.*${TEST_FILE}` },
      to: { path: packagePaths(ALL_PACKAGES), pathNot: packagePaths(["@pixlings/shared", "@pixlings/test-kit"]) },
    },
    {
      name: "shared-runs-in-browsers",
      comment: "shared/src outside shared/src/node runs in browsers too: no Node built-in (put Node-only code in shared/src/node)",
      severity: "error",
      from: { path: "^shared/src/", pathNot: ["^shared/src/node/", TEST_FILE] },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "production-not-test-code",
      comment: "Production code never imports test-kit, test/, bench/ or a test file",
      severity: "error",
      from: { pathNot: TEST_CODE },
      to: { path: [...TEST_CODE, ...packagePaths(TEST_PACKAGES).slice(1)] },
    },
    {
      name: "no-test-file-imports",
      comment: "A test file is a leaf: shared test helpers belong in test-kit",
      severity: "error",
      from: {},
      to: { path: TEST_FILE },
    },
    {
      name: "no-unused-file",
      comment: "Reached from no entry point (ENTRY_POINTS): delete it, or name it there if a tool loads it by path",
      severity: "error",
      from: { path: ENTRY_POINTS },
      to: { path: anyPackage, pathNot: [...ENTRY_POINTS, "\\.d\\.m?ts$", "\\.(json|css|html|svg)$"], reachable: false },
    },
    {
      name: "sale-owns-holds",
      comment:
        "Only api/src/sale/ reads or writes the holds (reservations) and card orders: everything else calls sale/ (db/schema.ts only lists the tables for drizzle; tests may look at the rows)",
      severity: "error",
      from: { path: "^api/src/", pathNot: ["^api/src/sale/", "^api/src/db/", "^api/src/face/testing\\.ts$", TEST_FILE] },
      to: { path: "^api/src/db/tables/(reservations|cardOrders)\\.ts$" },
    },
    {
      name: "testing-face-for-tests",
      comment: "api/src/face/testing.ts is the API's face for test-kit: production code never imports it",
      severity: "error",
      from: { pathNot: TEST_CODE },
      to: { path: "^api/src/face/testing\\.ts$" },
    },
    {
      name: "tables-by-their-own-file",
      comment: "Import a table from its own file in api/src/db/tables/: db/schema.ts re-exports every table, which would hide who uses which",
      severity: "error",
      from: { path: "^api/src/", pathNot: ["^api/src/db/", TEST_FILE] },
      to: { path: "^api/src/db/schema\\.ts$" },
    },
    {
      name: "no-circular",
      comment: "Modules import each other in a cycle",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-non-package-json",
      comment: "An npm package that the nearest package.json does not declare",
      severity: "error",
      from: {},
      to: { dependencyTypes: ["npm-no-pkg", "npm-unknown"] },
    },
    {
      name: "not-to-dev-dep",
      comment: "Production code imports an npm package its package.json lists only under devDependencies",
      severity: "error",
      from: { path: anyPackage, pathNot: [...TEST_CODE, TOOL_CONFIG] },
      to: { dependencyTypes: ["npm-dev"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import that resolves to no file (Ponder's virtual `ponder:*` modules aside)",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, pathNot: "^ponder:" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Build output and state of our own (anchored: node_modules/**/dist must stay, or npm imports vanish).
    exclude: { path: ["^web/dist/", "^artifacts/", "^cache/", "^indexer/\\.ponder/", "^\\.pixlings/", "^test/results/", "^bench/results/"] },
    // `import type` counts too: a type import still ties the two packages' code together.
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["types", "import", "require", "node", "default"],
      extensions: [".ts", ".tsx", ".mts", ".d.ts", ".mjs", ".js", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
