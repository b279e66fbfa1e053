import { readFileSync, rmSync, writeFileSync } from "node:fs";

/**
 * PGlite is single-process: a second process on the same data dir corrupts it. Claims
 * `<dir>.lock` with our pid (taking over a lock whose process is gone); returns its release.
 */
export function lockDataDir(dir: string): () => void {
  const file = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(readFileSync(file, "utf8"));
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
        throw new Error(`the PGlite database ${dir} is in use by process ${pid} (stop it, or set API_PGLITE_DIR)`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`cannot lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
