/** Writes `text` to `out` line by line, each line prefixed (e.g. "[api] "); keeps a partial last line. */
export function prefixedWriter(prefix: string, out: NodeJS.WritableStream): (text: string) => void {
  let pending = "";
  return (text: string): void => {
    pending += text;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) out.write(`${prefix}${line}\n`);
  };
}
