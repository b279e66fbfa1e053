import type { RequestInfo, Store } from "./store.ts";

/** What a handled request answers. */
export interface Answer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

/** What a route's handler gets besides its params: the state, the request, who is calling. */
export interface HandlerContext {
  store: Store;
  request: RequestInfo;
  /** Called with the publishable key (Stripe.js in a browser): only client-secret operations. */
  publishable: boolean;
}
