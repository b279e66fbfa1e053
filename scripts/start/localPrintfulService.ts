import { startLocalPrintful } from "@pixlings/local-printful/startLocalPrintful";
import type { Service } from "../process/service.ts";
import type { StackConfig } from "./stackConfig.ts";

/**
 * The local Printful stand-in, in this process, as one more service of the stack: the API's
 * merch previews go there (PRINTFUL_API_URL), and it downloads the Pix images from the API.
 * Undefined when PRINTFUL_API_TOKEN names a token of Printful itself.
 */
export async function startLocalPrintfulService(config: StackConfig): Promise<(Service & { url: string }) | undefined> {
  if (!config.localPrintful) return undefined;
  const { url: _, ...options } = config.localPrintful;
  const printful = await startLocalPrintful(options);
  let stopped: (code: number) => void = () => undefined;
  const exited = new Promise<number | null>((resolve) => {
    stopped = resolve;
  });
  return {
    name: "Local Printful",
    url: printful.url,
    exited,
    stop: async () => {
      await printful.close();
      stopped(0);
    },
  };
}
