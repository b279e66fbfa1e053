import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { ProductDefinition } from "./catalogue/products.ts";
import { findVariant } from "./catalogue/variants.ts";
import type { CreateTaskBody } from "./createTaskBody.ts";
import { downloadPrint } from "./downloadPrint.ts";
import { badRequest, notFound } from "./printfulError.ts";
import { renderMockup } from "./render/renderMockup.ts";

export interface MockupGeneratorOptions {
  /** The URL a rendered file is served at (the stand-in's own `/files/mockups/...`). */
  fileUrl(name: string): string;
  /** A task stays `pending` at least this long, like Printful's queue. */
  minPendingMs: number;
  /** How long a print file download may take. */
  downloadTimeoutMs: number;
  /** Tasks (and their files) kept; the oldest are forgotten beyond it. */
  maxTasks: number;
}

interface Task {
  key: string;
  status: "pending" | "completed" | "failed";
  error: string | null;
  mockups: Record<string, unknown>[];
  printfiles: Record<string, unknown>[];
  files: string[];
}

interface StoredFile {
  body: Buffer;
  type: string;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Printful's mockup generator, locally: a task is created `pending`, its print files are downloaded
 * from the URLs given and each variant × placement is rendered (one render at a time, so the
 * stand-in never takes more than a core), then it is `completed` with the mockups' URLs, or
 * `failed` with the reason (a download that fails, a test product).
 */
export class MockupGenerator {
  readonly #options: MockupGeneratorOptions;
  readonly #tasks = new Map<string, Task>();
  readonly #files = new Map<string, StoredFile>();
  #queue: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(options: MockupGeneratorOptions) {
    this.#options = options;
  }

  /** Checks the request like Printful (variants of this product, its placements), queues it, answers the pending task. */
  create(product: ProductDefinition, body: CreateTaskBody): { task_key: string; status: "pending" } {
    for (const id of body.variant_ids) {
      if (findVariant(id)?.product.id !== product.id) throw badRequest(`Variant ${id} does not belong to product ${product.id}`);
    }
    const seen = new Set<string>();
    for (const file of body.files) {
      if (!product.placements.some((p) => p.key === file.placement)) {
        throw badRequest(`Placement "${file.placement}" is not available for product ${product.id} (${product.placements.map((p) => p.key).join(", ")})`);
      }
      if (seen.has(file.placement)) throw badRequest(`Placement "${file.placement}" is given twice`);
      seen.add(file.placement);
    }
    const task: Task = { key: `gt-${randomBytes(9).toString("hex")}`, status: "pending", error: null, mockups: [], printfiles: [], files: [] };
    this.#remember(task);
    const startedAt = Date.now();
    const rendered = this.#queue.then(() => (this.#closed ? Promise.reject(new Error("The generator stopped")) : this.#render(task, product, body)));
    this.#queue = rendered.then(
      () => undefined,
      () => undefined,
    );
    // The wait for the minimum pending time is the task's own: it does not hold up the queue.
    void rendered
      .then(
        () => ({ status: "completed" as const, error: null }),
        (error: unknown) => ({ status: "failed" as const, error: (error as Error).message }),
      )
      .then(async (outcome) => {
        await sleep(startedAt + this.#options.minPendingMs - Date.now());
        Object.assign(task, outcome);
      });
    return { task_key: task.key, status: "pending" };
  }

  /** `GET /mockup-generator/task?task_key=`'s result. */
  get(taskKey: string): Record<string, unknown> {
    const task = this.#tasks.get(taskKey);
    if (!task) throw notFound(`Task ${taskKey} not found`);
    if (task.status === "pending") return { task_key: task.key, status: "pending" };
    if (task.status === "failed") return { task_key: task.key, status: "failed", error: task.error };
    return { task_key: task.key, status: "completed", mockups: task.mockups, printfiles: task.printfiles };
  }

  file(name: string): StoredFile | undefined {
    return this.#files.get(name);
  }

  /** Stops rendering queued tasks (they stay pending). */
  close(): void {
    this.#closed = true;
  }

  #remember(task: Task): void {
    this.#tasks.set(task.key, task);
    while (this.#tasks.size > this.#options.maxTasks) {
      const [oldest] = this.#tasks.values();
      if (!oldest) break;
      this.#tasks.delete(oldest.key);
      for (const name of oldest.files) this.#files.delete(name);
    }
  }

  async #render(task: Task, product: ProductDefinition, body: CreateTaskBody): Promise<void> {
    if (product.failsMockups) throw new Error(`Mockup generation is not available for product ${product.id} (a test product of the local stand-in)`);
    const prints = new Map<string, Buffer>();
    for (const url of new Set(body.files.map((file) => file.image_url))) {
      try {
        prints.set(url, await downloadPrint(url, this.#options.downloadTimeoutMs));
      } catch (error) {
        throw new Error(`Could not download the print file ${url}: ${(error as Error).message}`);
      }
    }
    const extension = body.format;
    for (const file of body.files) {
      const placement = product.placements.find((p) => p.key === file.placement)!;
      for (const variantId of body.variant_ids) {
        const variant = findVariant(variantId)!;
        const rendered = await renderMockup({
          shape: product.shape,
          colourHex: variant.colour.hex,
          view: placement.view,
          placement: placement.key,
          size: body.width,
          print: prints.get(file.image_url)!,
          position: file.position,
        });
        const main = this.#store(task, `${variantId}-${placement.key}.${extension}`, rendered.main, extension);
        const closeUp = this.#store(task, `${variantId}-${placement.key}-closeup.${extension}`, rendered.closeUp, extension);
        task.mockups.push({
          placement: placement.key,
          variant_ids: [variantId],
          mockup_url: await main,
          extra: [{ title: "Close-up", option: "Close-up", option_group: "Detail", url: await closeUp }],
        });
        task.printfiles.push({ variant_ids: [variantId], placement: placement.key, url: file.image_url });
      }
    }
  }

  async #store(task: Task, name: string, png: Buffer, extension: "png" | "jpg"): Promise<string> {
    const fileName = `${task.key}/${name}`;
    // A task forgotten while it rendered keeps no files.
    if (!this.#tasks.has(task.key)) return this.#options.fileUrl(fileName);
    const body = extension === "png" ? png : await sharp(png).jpeg({ quality: 90 }).toBuffer();
    this.#files.set(fileName, { body, type: extension === "png" ? "image/png" : "image/jpeg" });
    task.files.push(fileName);
    return this.#options.fileUrl(fileName);
  }
}
