// `node scripts/test/cli.ts a,b c`: npm scripts a then b, side by side with c; exit 1 if any fails.
// Used by `npm test` to keep both cores busy (docs/testing.md).
import { runLanes } from "./runLanes.ts";
import { testEnvironment } from "./testEnv.ts";

const lanes = process.argv.slice(2).map((lane) =>
  lane
    .split(",")
    .filter((script) => script !== "")
    .map((script) => ({ command: "npm", args: ["run", script] })),
);
if (lanes.length === 0 || lanes.some((lane) => lane.length === 0)) {
  process.stderr.write("usage: node scripts/test/cli.ts <script>[,<script>...] [<script>[,<script>...] ...]\n");
  process.exit(2);
}
const { env, cleanUp } = testEnvironment(process.env);
try {
  process.exitCode = (await runLanes(lanes, process.stdout, { timings: true, env })) ? 0 : 1;
} finally {
  cleanUp();
}
