import sharp from "sharp";

/** The largest print file the stand-in downloads. */
const MAX_PRINT_BYTES = 5 * 1024 * 1024;

/**
 * Downloads a print file as Printful does when it generates a mockup: http(s), within `timeoutMs`,
 * at most 5 MB, and an image sharp can read. Throws an Error whose message says why.
 */
export async function downloadPrint(url: string, timeoutMs: number): Promise<Buffer> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) throw new Error(`the server answered HTTP ${res.status}`);
  const declared = Number(res.headers.get("content-length") ?? "0");
  if (declared > MAX_PRINT_BYTES) throw new Error(`the file is larger than ${MAX_PRINT_BYTES} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body ?? []) {
    size += chunk.length;
    if (size > MAX_PRINT_BYTES) throw new Error(`the file is larger than ${MAX_PRINT_BYTES} bytes`);
    chunks.push(Buffer.from(chunk));
  }
  const file = Buffer.concat(chunks);
  const meta = await sharp(file)
    .metadata()
    .catch(() => undefined);
  if (!meta?.width || !meta.height) throw new Error("it is not an image (PNG or JPEG)");
  return file;
}
