import type { TestApi } from "./api.ts";

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

function routesOf(stack: readonly Layer[]): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) return Object.keys(layer.route.methods).map((method) => `${method.toUpperCase()} ${layer.route!.path}`);
    return layer.handle?.stack ? routesOf(layer.handle.stack) : [];
  });
}

/** `METHOD path` of every route a test API's app registered (nested routers included; HEAD left out). */
export function appRoutes(api: Pick<TestApi, "app">): string[] {
  return routesOf((api.app as unknown as { router: { stack: Layer[] } }).router.stack).filter((route) => !route.startsWith("HEAD "));
}
