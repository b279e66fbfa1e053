// Helpers for scripts/setup/index.mjs: plain JavaScript on purpose, because setup runs on the
// machine's own Node (20) before any dependency is installed.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import util from "node:util";

/** sha256 over files (path + content, in sorted order) and extra strings such as a seed. */
export function hashInputs(root, files, extras = []) {
  const hash = createHash("sha256");
  for (const file of [...new Set(files)].sort()) {
    hash.update(`${path.relative(root, file)}\0`);
    hash.update(existsSync(file) ? readFileSync(file) : "(missing)");
    hash.update("\0");
  }
  for (const extra of extras) hash.update(`${extra}\0`);
  return hash.digest("hex");
}

/** Files under `dir` (recursively, skipping node_modules) whose names pass `keep`. */
export function listFiles(dir, keep = () => true) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map((relative) => path.join(dir, relative.toString()))
    .filter((file) => !file.split(path.sep).includes("node_modules"))
    .filter((file) => statSync(file).isFile() && keep(file));
}

/** Stamps remember the input hash of each step's last success, in .pixlings/stamps/<step>. */
export function createStamps(dir) {
  const file = (step) => path.join(dir, step);
  return {
    matches: (step, hash) => existsSync(file(step)) && readFileSync(file(step), "utf8").trim() === hash,
    clear: (step) => rmSync(file(step), { force: true }),
    write: (step, hash) => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(file(step), `${hash}\n`);
    },
  };
}

/** Runs a command with its output captured; resolves with the output, rejects with it on failure. */
export function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (data) => (output += data));
    child.stderr.on("data", (data) => (output += data));
    child.on("error", (error) => reject(Object.assign(error, { output })));
    child.on("close", (code, signal) => {
      if (code === 0) resolve(output);
      else reject(Object.assign(new Error(`exited with ${signal ?? `code ${code}`}`), { output }));
    });
  });
}

/** Package folders listed in pnpm-workspace.yaml (plain names and `dir/*` globs). */
export function workspacePackageDirs(root) {
  const yaml = readFileSync(path.join(root, "pnpm-workspace.yaml"), "utf8");
  const section = yaml.split(/^packages:\s*$/m)[1]?.split(/^\S/m)[0] ?? "";
  const patterns = [...section.matchAll(/^\s+-\s+["']?([^"'\s#]+)["']?/gm)].map((match) => match[1]);
  return patterns.flatMap((pattern) => {
    if (!pattern.endsWith("/*")) return [path.join(root, pattern)];
    const parent = path.join(root, pattern.slice(0, -2));
    if (!existsSync(parent)) return [];
    return readdirSync(parent, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(parent, entry.name));
  });
}

/** Variables from the repo's .env (util.parseEnv where Node has it, the same rules otherwise). */
export function readDotEnv(root) {
  const file = path.join(root, ".env");
  if (!existsSync(file)) return {};
  const text = readFileSync(file, "utf8");
  return typeof util.parseEnv === "function" ? util.parseEnv(text) : parseEnvFile(text);
}

function parseEnvFile(text) {
  const vars = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) vars[match[1]] = match[2].replace(/^(["'])(.*)\1$/, "$2");
  }
  return vars;
}
