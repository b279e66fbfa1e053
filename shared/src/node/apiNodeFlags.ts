/**
 * Node's own flags for every API process (web, worker or both), measured under `npm run bench:api`
 * (docs/api.md, Memory). V8 sizes its heap for the machine by default: on a host with gigabytes
 * free it lets the old generation grow to about four times what is live before a major collection,
 * and the API's garbage under load (100 MB live at rest) then took its RSS past 550 MB. A bound on
 * the old generation also lowers that growth factor (to about 1.4 at this size), and a smaller young
 * generation keeps less garbage between scavenges. The bound is several times the live heap: a
 * process that reached it would have a leak to fix, and would stop rather than swap.
 */
export const API_NODE_FLAGS = ["--max-old-space-size=512", "--max-semi-space-size=8"] as const;

/**
 * The environment every API process starts with, under its own settings (which may override it).
 * glibc's malloc gives the threads that allocate (libuv's pool, V8's helpers) arenas of their own,
 * up to eight a core, and what one frees stays in it: under `npm run bench:api -- --postgres` a web
 * process peaked at 235-260 MB RSS with the default and 220-233 MB with two arenas, 226 MB with four
 * (27 Nov, load 3-14). Two cost 10-20 % more CPU a request on filtered browse and one Pix; four did
 * not (docs/api.md, Memory).
 */
export const API_PROCESS_ENV = { MALLOC_ARENA_MAX: "4" } as const;
