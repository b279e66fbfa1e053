import type { z } from "zod";
import { PrintfulError } from "./printfulError.ts";
import { outsideErrors } from "../metrics/registry.ts";
import {
  type CreateMockupTask,
  envelope,
  WireError,
  WirePrintfiles,
  WireProduct,
  WireProductDetail,
  WireTask,
  WireTaskCreated,
  type WirePrintfiles as Printfiles,
  type WireProduct as Product,
  type WireProductDetail as ProductDetail,
  type WireTask as Task,
} from "./printfulWire.ts";
import { retryAfterSeconds } from "./retryAfter.ts";

export interface PrintfulClientOptions {
  /** `https://api.printful.com`, or the local stand-in's URL. */
  baseUrl: string;
  /** A private token of the Printful store (sent as `Authorization: Bearer`). */
  token: string;
  /** How long one call may take (default 10 s). */
  timeoutMs?: number;
}

const ProductList = envelope(WireProduct.array());
const ProductAnswer = envelope(WireProductDetail);
const PrintfilesAnswer = envelope(WirePrintfiles);
const TaskCreatedAnswer = envelope(WireTaskCreated);
const TaskAnswer = envelope(WireTask);

/**
 * The one typed client of Printful's REST API (v1 catalogue and mockup generator). Every answer is
 * validated with zod before use; every failure is a PrintfulError saying which kind (rate limited
 * with its wait, refused with Printful's status and reason, unreadable, unreachable).
 */
export class PrintfulClient {
  readonly #baseUrl: string;
  readonly #token: string;
  readonly #timeoutMs: number;

  constructor(options: PrintfulClientOptions) {
    this.#baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.#token = options.token;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** `GET /products`: the whole catalogue. */
  async listProducts(): Promise<Product[]> {
    return (await this.#call("GET", "/products", ProductList)).result;
  }

  /** `GET /products/{id}`: a product and its variants. */
  async getProduct(productId: number): Promise<ProductDetail> {
    return (await this.#call("GET", `/products/${productId}`, ProductAnswer)).result;
  }

  /** `GET /mockup-generator/printfiles/{id}`: the placements the generator takes and their print files. */
  async getPrintfiles(productId: number): Promise<Printfiles> {
    return (await this.#call("GET", `/mockup-generator/printfiles/${productId}`, PrintfilesAnswer)).result;
  }

  /** `POST /mockup-generator/create-task/{id}`: starts rendering; answers the task key. */
  async createMockupTask(productId: number, task: CreateMockupTask): Promise<{ task_key: string; status: Task["status"] }> {
    return (await this.#call("POST", `/mockup-generator/create-task/${productId}`, TaskCreatedAnswer, task)).result;
  }

  /** `GET /mockup-generator/task?task_key=`: pending, completed with its mockups, or failed with why. */
  async getMockupTask(taskKey: string): Promise<Task> {
    return (await this.#call("GET", `/mockup-generator/task?task_key=${encodeURIComponent(taskKey)}`, TaskAnswer)).result;
  }

  /** One call; a failure is counted in the metrics by its kind (unreachable, rate_limited, ...). */
  async #call<S extends z.ZodType>(method: "GET" | "POST", path: string, schema: S, body?: unknown): Promise<z.output<S>> {
    try {
      return await this.#callOnce(method, path, schema, body);
    } catch (error) {
      outsideErrors.inc({ service: "printful", target: error instanceof PrintfulError ? error.failure.kind : "other" });
      throw error;
    }
  }

  async #callOnce<S extends z.ZodType>(method: "GET" | "POST", path: string, schema: S, body?: unknown): Promise<z.output<S>> {
    const where = `${method} ${path.split("?")[0]}`;
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${this.#baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.#token}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? null : JSON.stringify(body),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      text = await res.text();
    } catch (error) {
      throw new PrintfulError({ kind: "unreachable" }, `Printful ${where}: no answer (${(error as Error).message})`, { cause: error });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // An error page (a proxy's HTML) still says what happened by its status.
      if (res.ok) throw new PrintfulError({ kind: "unreadable" }, `Printful ${where}: HTTP ${res.status} with a body that is not JSON`);
    }
    const problem = WireError.safeParse(json);
    const code = problem.success ? problem.data.code : res.status;
    if (!res.ok || code !== 200) {
      const status = res.ok ? code : res.status;
      const message = problem.success ? (problem.data.error?.message ?? String(problem.data.result)) : undefined;
      if (status === 429) {
        const retryAfter = retryAfterSeconds({ retryAfter: res.headers.get("retry-after"), ratelimitReset: res.headers.get("x-ratelimit-reset"), message });
        throw new PrintfulError({ kind: "rate_limited", retryAfter }, `Printful ${where}: rate limited, retry after ${retryAfter} s`);
      }
      const reason = problem.success ? (problem.data.error?.reason ?? "Error") : "Error";
      throw new PrintfulError({ kind: "refused", status, reason }, `Printful ${where}: HTTP ${status} ${reason}${message ? `: ${message}` : ""}`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".")}: ${issue.message}`);
      throw new PrintfulError({ kind: "unreadable" }, `Printful ${where}: unexpected answer (${issues.join("; ")})`);
    }
    return parsed.data;
  }
}
