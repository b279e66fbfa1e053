#!/usr/bin/env node
// `npm run setup`: everything a fresh clone needs, each step skipped when its inputs are unchanged.
// Plain JavaScript with no dependencies: it runs on the machine's Node 20 before anything is
// installed, then runs every later step with node_modules/.bin (Node 22, pnpm, hardhat) first.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createStamps, hashInputs, listFiles, readDotEnv, run, workspacePackageDirs } from "./lib.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const BIN = path.join(ROOT, "node_modules", ".bin");
const at = (...parts) => path.join(ROOT, ...parts);
const stamps = createStamps(at(".pixlings", "stamps"));
const dotEnv = readDotEnv(ROOT);
const env = { ...dotEnv, ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ""}` };

const rootPackage = JSON.parse(readFileSync(at("package.json"), "utf8"));
const PNPM = rootPackage.packageManager ?? "pnpm@10.34.8";
// The first install runs pnpm on the machine's Node 20, which would skip optional packages that
// need Node 22 (Hardhat's EDR binary): check engines against the Node that scripts will use.
const NODE_VERSION = rootPackage.devDependencies?.node;
const INSTALL_ARGS = ["install", "--frozen-lockfile", ...(NODE_VERSION ? [`--config.node-version=${NODE_VERSION}`] : [])];

/** What pnpm install depends on: the lockfile, the workspace, and each manifest's dependency fields. */
const DEPENDENCY_FIELDS = ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies", "pnpm", "packageManager"];
function dependencyHash() {
  const manifests = [at("package.json"), ...workspacePackageDirs(ROOT).map((dir) => path.join(dir, "package.json"))];
  const fields = manifests.map((file) => {
    const manifest = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
    return `${path.relative(ROOT, file)} ${JSON.stringify(DEPENDENCY_FIELDS.map((field) => manifest[field]))}`;
  });
  return hashInputs(ROOT, [at("pnpm-lock.yaml"), at("pnpm-workspace.yaml")], fields);
}

const steps = [
  {
    name: "install",
    hash: dependencyHash,
    done: () => existsSync(at("node_modules", ".modules.yaml")) && existsSync(path.join(BIN, "node")),
    command: () => (existsSync(path.join(BIN, "pnpm")) ? [path.join(BIN, "pnpm"), INSTALL_ARGS] : ["npx", ["--yes", PNPM, ...INSTALL_ARGS]]),
  },
  {
    name: "build",
    hash: () => hashInputs(ROOT, [...listFiles(at("contracts"), (f) => f.endsWith(".sol")), at("hardhat.config.ts")], [dependencyHash()]),
    done: () => existsSync(at("artifacts", "contracts", "Pixlings.sol", "Pixlings.json")),
    command: () => ["hardhat", ["build"]],
  },
  {
    name: "codegen",
    hash: () =>
      hashInputs(ROOT, [
        at("artifacts", "contracts", "Pixlings.sol", "Pixlings.json"),
        ...listFiles(at("scripts", "codegen")),
        at("scripts", "deploy", "deploymentFile.ts"),
        ...listFiles(at("deployments"), (f) => f.endsWith(".json")),
      ]),
    done: () => ["pixlings.ts", "deployments.ts"].every((f) => existsSync(at("shared", "src", "generated", f))),
    command: () => ["tsx", ["scripts/codegen/index.ts"]],
  },
  {
    name: "art",
    hash: () =>
      hashInputs(
        ROOT,
        [...listFiles(at("scripts", "art")), ...listFiles(at("shared", "src", "art")), at("shared", "src", "collection.ts"), at("shared", "src", "tiers.ts")],
        [`ART_SEED=${env.ART_SEED ?? ""}`, dependencyHash()],
      ),
    done: () => existsSync(at(".pixlings", "art")) && readdirSync(at(".pixlings", "art")).length > 0,
    command: () => {
      const seed = env.ART_SEED ? ["--seed", env.ART_SEED] : [];
      return ["tsx", ["scripts/art/build.ts", ".pixlings/art", ...seed]];
    },
  },
  {
    // The storefront (web/dist), served by the API; it bundles shared/ (ABI, chains, tiers).
    name: "web",
    hash: () =>
      hashInputs(
        ROOT,
        [
          ...listFiles(at("web", "src")),
          ...listFiles(at("web", "public")),
          ...["index.html", "vite.config.ts", "package.json", "tsconfig.json"].map((f) => at("web", f)),
          ...listFiles(at("shared", "src")),
        ],
        [dependencyHash()],
      ),
    done: () => existsSync(at("web", "dist", "index.html")),
    command: () => [path.join(BIN, "pnpm"), ["--filter", "@pixlings/web", "run", "build"]],
  },
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const say = (name, text) => console.log(`setup ${name.padEnd(8)} ${text}`);

async function runStep(step) {
  const hash = step.hash();
  if (step.done() && stamps.matches(step.name, hash)) return say(step.name, "up to date");
  const [command, args] = step.command();
  const started = Date.now();
  say(step.name, `${path.basename(command)} ${args.join(" ")} ...`);
  stamps.clear(step.name);
  try {
    await run(command, args, { cwd: ROOT, env });
  } catch (error) {
    console.error(error.output ?? "");
    throw new Error(`step "${step.name}" failed (${path.basename(command)} ${args.join(" ")}: ${error.message})`);
  }
  // Inputs may change during the step (install writes node_modules, not the lockfile): re-hash.
  stamps.write(step.name, step.hash());
  say(step.name, `done in ${seconds(Date.now() - started)}`);
}

const started = Date.now();
try {
  for (const step of steps) await runStep(step);
  console.log(`setup ready in ${seconds(Date.now() - started)}`);
} catch (error) {
  console.error(`\nsetup failed: ${error.message}`);
  console.error("Fix the problem above and run `npm run setup` again (finished steps are skipped).");
  process.exit(1);
}
