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
