import type { Service } from "../process/service.ts";

/**
 * The services `npm start` has started, stopped in reverse order of their layers: the API, then
 * the indexer (so Ponder releases its lock), then the chains (which save their state).
 */
export class Stack {
  readonly #layers: Service[][] = [];
  #stopping: Promise<void> | undefined;

  /** Adds a layer started after the previous ones; if the stack is already stopping, stops it. */
  async add(...services: Service[]): Promise<void> {
    this.#layers.push(services);
    if (this.#stopping) {
      await Promise.all(services.map((service) => service.stop()));
      throw new Error("stopping");
    }
  }

  get services(): Service[] {
    return this.#layers.flat();
  }

  get stopping(): boolean {
    return this.#stopping !== undefined;
  }

  stop(log: (line: string) => void): Promise<void> {
    this.#stopping ??= (async () => {
      for (const layer of [...this.#layers].reverse()) {
        if (layer.length === 0) continue;
        log(`Stopping ${layer.map((service) => service.name).join(", ")}...`);
        await Promise.all(layer.map((service) => service.stop()));
      }
    })();
    return this.#stopping;
  }
}
