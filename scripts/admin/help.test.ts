import assert from "node:assert/strict";
import { test } from "node:test";
import { COMMANDS } from "./commands/index.ts";
import { commandHelp, generalHelp } from "./help.ts";

test("the general help lists every command; each command's help shows each of its options and the common ones", () => {
  const general = generalHelp(COMMANDS);
  for (const command of COMMANDS) assert.match(general, new RegExp(`\\n  ${command.name} +${command.summary.replace(/[()]/g, "\\$&")}`), command.name);
  assert.equal(new Set(COMMANDS.map((c) => c.name)).size, COMMANDS.length, "names are unique");
  for (const command of COMMANDS) {
    const help = commandHelp(command);
    for (const option of Object.keys(command.options)) assert.match(command.usage, new RegExp(`--${option}\\b`), `${command.name} --${option}`);
    assert.match(help, new RegExp(`^Usage: npm run admin -- ${command.name} `));
    for (const common of ["--network", "--all", "--yes", "--key-env"]) assert.ok(help.includes(common), `${command.name} ${common}`);
  }
});
