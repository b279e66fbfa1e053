import { isErrorCode, type ApiErrorBody } from "@pixlings/shared/http/errors";

/** A non-2xx answer: the message is "status: body" (the body's text, else the status text). */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  readonly bodyText: string;
  /** The API's error body (`@pixlings/shared/http/errors`) when the answer is one: `{ message }`, its `code` and fields. */
  readonly body: ApiErrorBody | undefined;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.status = status;
    this.bodyText = bodyText;
    this.body = parseErrorBody(bodyText);
  }
}

/** The body as the contract's error body: a JSON object with a `message`, whose `code`, if any, is one the contract names. */
function parseErrorBody(text: string): ApiErrorBody | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return undefined;
  const { message, code } = parsed as { message?: unknown; code?: unknown };
  if (typeof message !== "string" || (code !== undefined && !isErrorCode(code))) return undefined;
  return parsed as ApiErrorBody;
}

export interface ApiRequest {
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  /** Sent as JSON, or as multipart/form-data when it is a FormData (uploads). */
  body?: unknown;
  signal?: AbortSignal;
  /** Spec: the browse list is fetched with a no-cache header. */
  noCache?: boolean;
  /** Origin of the API; the page's own origin when empty (tests pass the server's URL). */
  baseUrl?: string;
}

/** Calls the API with the session cookie and returns its JSON; throws ApiError on any non-2xx. */
export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (request.body !== undefined && !(request.body instanceof FormData)) headers["content-type"] = "application/json";
  if (request.noCache) headers["cache-control"] = "no-cache";
  const res = await fetch(`${request.baseUrl ?? ""}${path}`, {
    method: request.method ?? "GET",
    credentials: "include",
    headers,
    body: request.body === undefined ? null : request.body instanceof FormData ? request.body : JSON.stringify(request.body),
    signal: request.signal ?? null,
  });
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, res.statusText, text);
  return (text === "" ? undefined : JSON.parse(text)) as T;
}

/** Like apiRequest, but a 401 answers null (e.g. "not signed in"). */
export async function apiRequestOrNull<T>(path: string, request: ApiRequest = {}): Promise<T | null> {
  try {
    return await apiRequest<T>(path, request);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
