/** A long-running child of `npm start` (a chain, Ponder, the API), stopped in a chosen order. */
export interface Service {
  name: string;
  /** Resolves with the exit code (null when signalled) once the process exits, for any reason. */
  exited: Promise<number | null>;
  /** Asks it to stop cleanly and waits for it (kills it after a timeout). */
  stop(): Promise<void>;
}

/** The first service to exit on its own, with its code. */
export function firstExit(services: readonly Service[]): Promise<{ service: Service; code: number | null }> {
  return Promise.race(services.map((service) => service.exited.then((code) => ({ service, code }))));
}
