/** One kind of background work a worker runs (fulfilment, Approve & Replace, ...): started and stopped as one. */
export interface JobFamily {
  /** Also the name of its lease (roles/familyLease.ts). */
  name: string;
  /** Starts its loop; `stop()` ends it once the step in hand is done. */
  start(): { stop(): void | Promise<void> };
}

/** A worker's job families, running (or waiting for their leases). */
export interface RunningWorker {
  /** The families this process runs or stands by for. */
  families: readonly string[];
  /** Stops every loop once its step in hand is done (and gives the leases back). */
  stop(): Promise<void>;
}
