import { isIP } from "node:net";

/**
 * The client's IP address as seen by the outermost trusted proxy, or null when it cannot be known.
 *
 * `trustProxyHops` (TRUST_PROXY_HOPS) is the number of reverse proxies in front of the app that each
 * append the address they saw to `X-Forwarded-For`. With N hops the N-th entry from the right is the
 * address the outermost proxy saw; everything left of it was sent by the client and can be forged.
 *
 * With 0 hops the header is ignored entirely: Next.js only fills it in when the client did not send
 * one, so a route handler cannot tell a forged header from the real socket address. It returns null;
 * callers then rate-limit by something else (the session's address) rather than trust a forgery.
 */
export function clientIp(req: Request, trustProxyHops: number): string | null {
  if (trustProxyHops <= 0) return null;
  const header = req.headers.get("x-forwarded-for");
  if (!header) return null;
  const entries = header
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  // Fewer entries than hops: every entry was added by a trusted proxy, the leftmost is the furthest.
  const entry = entries[Math.max(0, entries.length - trustProxyHops)];
  return entry ? normalizeIp(entry) : null;
}

/** Strips a port or IPv6 brackets some proxies add, and unwraps IPv4-mapped IPv6; null if not an IP. */
export function normalizeIp(raw: string): string | null {
  let ip = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip);
  if (bracketed?.[1]) ip = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(ip)) ip = ip.slice(0, ip.lastIndexOf(":"));
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) ip = mapped[1];
  const version = isIP(ip);
  if (version === 0) return null;
  return version === 6 ? ip.toLowerCase() : ip;
}

/**
 * The network a client address belongs to for per-network limits: the /24 of an IPv4 address, the
 * /64 of an IPv6 address (one home or one server usually holds a whole /64).
 */
export function subnetOf(ip: string): string {
  if (isIP(ip) === 4) return `${ip.split(".").slice(0, 3).join(".")}.0/24`;
  const expanded = expandIpv6(ip);
  return `${expanded.slice(0, 4).join(":")}::/64`;
}

function expandIpv6(ip: string): string[] {
  const [head = "", tail = ""] = ip.split("::");
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const fill = ip.includes("::") ? Array(8 - h.length - t.length).fill("0") : [];
  return [...h, ...fill, ...t].map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""));
}
