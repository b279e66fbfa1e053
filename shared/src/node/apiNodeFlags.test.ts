import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { API_NODE_FLAGS, API_PROCESS_ENV } from "./apiNodeFlags.ts";
import { fromRepoRoot } from "./paths.ts";

const scripts = (file: string): Record<string, string> => (JSON.parse(readFileSync(fromRepoRoot(file), "utf8")) as { scripts: Record<string, string> }).scripts;

describe("API_NODE_FLAGS", () => {
  it("are the flags of every npm script that starts the API (package.json cannot import them)", () => {
    const starts = [scripts("package.json").api, scripts("package.json").serve, scripts("api/package.json").start];
    for (const command of starts) {
      assert.ok(command, "a start script is missing");
      assert.ok(command.includes(`node ${API_NODE_FLAGS.join(" ")} `), `${command} does not start node with ${API_NODE_FLAGS.join(" ")}`);
    }
  });

  it("start with API_PROCESS_ENV in every npm script that starts the API", () => {
    const starts = [scripts("package.json").api, scripts("package.json").serve, scripts("api/package.json").start];
    const assignments = Object.entries(API_PROCESS_ENV).map(([name, value]) => `${name}=${value} `);
    for (const command of starts)
      for (const assignment of assignments) assert.ok(command?.includes(assignment), `${command} does not set ${assignment.trim()}`);
  });
});
