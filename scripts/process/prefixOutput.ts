/**
 * Writes `text` to `out` line by line, each line prefixed (e.g. "[api] "); keeps a partial last
 * line. Lines for which `drop` holds are not written.
 */
export function prefixedWriter(prefix: string, out: NodeJS.WritableStream, drop: (line: string) => boolean = () => false): (text: string) => void {
  let pending = "";
  return (text: string): void => {
    pending += text;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (!drop(line)) out.write(`${prefix}${line}\n`);
  };
}
