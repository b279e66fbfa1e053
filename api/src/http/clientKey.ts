import { isIPv4, isIPv6 } from "node:net";

/** The eight 16-bit groups of an IPv6 address (with an embedded IPv4 tail converted). */
function ipv6Groups(ip: string): number[] {
  let text = ip.toLowerCase().split("%")[0] ?? "";
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = v4Tail[1].split(".").map(Number);
    text = `${text.slice(0, -v4Tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const part = (s: string): number[] => (s === "" ? [] : s.split(":").map((g) => Number.parseInt(g, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * Who a request comes from, for limits per client: an IPv4 address as it is (also when written as
 * IPv4-mapped IPv6), an IPv6 address by its /64 — one subscriber usually gets a whole /64, so
 * counting single IPv6 addresses would let one client appear as billions.
 */
export function clientKeyOf(ip: string | undefined): string {
  if (!ip) return "unknown";
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6] ?? 0, groups[7] ?? 0].flatMap((g) => [g >> 8, g & 0xff]).join(".");
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}
