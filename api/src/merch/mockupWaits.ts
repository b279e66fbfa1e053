import type { MockupTaskResponse } from "@pixlings/shared/http/merch";
import { type AskDeps, askPrintful } from "./askPrintful.ts";
import { type MockupTaskRow, PENDING, taskAnswer } from "./mockupTasks.ts";
import { claimDueCheck, readTaskState, releaseCheck, upstreamCheckDelayMs } from "./upstreamChecks.ts";

/** How often a waiting process reads a task's row: how soon it sees an end another process found. */
const READ_EVERY_MS = 100;

interface Waiter {
  settle(answer: MockupTaskResponse | Error): void;
}

const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, Math.max(0, ms)).unref();
  });

/**
 * Pages waiting for their mockup tasks to end (`check-task?wait=`). One loop per task in this
 * process, however many pages wait on it: it reads the task's row every READ_EVERY_MS, and when an
 * ask of Printful is due (upstreamChecks.ts) and no other process took it, asks; the end, or the
 * error of an ask, goes to every page waiting here. A loop ends when no page waits any more.
 */
export class MockupWaits {
  readonly #deps: AskDeps;
  readonly #waiting = new Map<string, Set<Waiter>>();

  constructor(deps: AskDeps) {
    this.#deps = deps;
  }

  /**
   * The task's answer once it ends, or pending after `waitMs` (or once `signal` aborts: the page
   * left). Rejects with the error of an ask made while it waited (a 429 of the user's share, a
   * Printful failure).
   */
  wait(row: MockupTaskRow, waitMs: number, signal: AbortSignal): Promise<MockupTaskResponse> {
    if (row.outcome) return Promise.resolve(taskAnswer(row.taskKey, row.outcome));
    return new Promise((resolve, reject) => {
      let waiters = this.#waiting.get(row.taskKey);
      const start = !waiters;
      if (!waiters) {
        waiters = new Set();
        this.#waiting.set(row.taskKey, waiters);
      }
      const all = waiters;
      const waiter: Waiter = {
        settle: (answer) => {
          clearTimeout(timer);
          signal.removeEventListener("abort", leave);
          all.delete(waiter);
          if (answer instanceof Error) reject(answer);
          else resolve(answer);
        },
      };
      const leave = (): void => waiter.settle(taskAnswer(row.taskKey, PENDING));
      const timer = setTimeout(leave, waitMs);
      signal.addEventListener("abort", leave);
      all.add(waiter);
      if (start) void this.#follow(row, all);
    });
  }

  async #follow(row: MockupTaskRow, waiters: Set<Waiter>): Promise<void> {
    const settleAll = (answer: MockupTaskResponse | Error): void => {
      for (const waiter of [...waiters]) waiter.settle(answer);
    };
    try {
      while (waiters.size > 0) {
        const state = await readTaskState(this.#deps.db, row.taskKey);
        if (!state) throw new Error(`mockup task ${row.taskKey} is gone`);
        if (state.outcome) return settleAll(taskAnswer(row.taskKey, state.outcome));
        let nextReadMs = Math.min(READ_EVERY_MS, state.dueInMs);
        if (state.dueInMs <= 0) {
          const delayMs = upstreamCheckDelayMs(state.ageMs);
          if (await claimDueCheck(this.#deps.db, row.taskKey, delayMs)) {
            const outcome = await this.#ask(row);
            if (outcome) return settleAll(taskAnswer(row.taskKey, outcome));
          }
          nextReadMs = Math.min(READ_EVERY_MS, delayMs);
        }
        await sleep(nextReadMs);
      }
    } catch (error) {
      settleAll(error instanceof Error ? error : new Error(String(error)));
    } finally {
      if (this.#waiting.get(row.taskKey) === waiters) this.#waiting.delete(row.taskKey);
    }
  }

  async #ask(row: MockupTaskRow): Promise<Awaited<ReturnType<typeof askPrintful>>> {
    try {
      return await askPrintful(this.#deps, row);
    } catch (error) {
      // The next page to wait asks again at once rather than after the schedule's gap.
      await releaseCheck(this.#deps.db, row.taskKey).catch(() => undefined);
      throw error;
    }
  }
}
