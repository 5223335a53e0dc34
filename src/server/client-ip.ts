import { isIP } from "node:net";

/**
 * Set by the Node HTTP entry (scripts/serve.ts) on every request, from the TCP socket (or from
 * `X-Forwarded-For` per TRUST_PROXY_HOPS), after deleting any copy the client sent. Next's route
 * handlers cannot see the socket, so this header is how they learn the peer address.
 */
export const CLIENT_IP_HEADER = "x-aurum-client-ip";
/** Set in the environment by scripts/serve.ts: only then is CLIENT_IP_HEADER trusted. */
export const HTTP_ENTRY_ENV = "AURUM_HTTP_ENTRY";

/**
 * The client's IP address, or null when it cannot be known.
 *
 * Served through scripts/serve.ts (`npm start`, e2e, every web process), the entry has already
 * decided it (see `resolveClientIp`) and passed it in CLIENT_IP_HEADER. Without the entry (plain
 * `next start`, or a handler called directly in a test) that header could be forged, so it is
 * ignored: with 0 trusted hops the answer is null, with N hops it is read from `X-Forwarded-For`.
 */
export function clientIp(req: Request, trustProxyHops: number): string | null {
  if (process.env[HTTP_ENTRY_ENV] === "1") {
    const fromEntry = req.headers.get(CLIENT_IP_HEADER);
    return fromEntry ? normalizeIp(fromEntry) : null;
  }
  if (trustProxyHops <= 0) return null;
  return fromForwardedFor(req.headers.get("x-forwarded-for"), trustProxyHops);
}

/**
 * Whether requests can carry a client address at all: served through the HTTP entry, or behind
 * TRUST_PROXY_HOPS proxies. Otherwise (`next start` with no proxy configured) clientIp is always null.
 */
export function clientIpKnowable(trustProxyHops: number): boolean {
  return process.env[HTTP_ENTRY_ENV] === "1" || trustProxyHops > 0;
}

/**
 * What the HTTP entry uses: with 0 hops the TCP peer address, never a client-sent header; with N
 * hops the N-th `X-Forwarded-For` entry from the right (the address the outermost trusted proxy
 * saw), or the peer itself when a request reached us without passing a proxy.
 *
 * A chosen entry that is not an IP (`unknown`, garbage a client sent past a misconfigured hop
 * count) also falls back to the peer: a null address would skip every per-address limit, so a
 * client could buy unlimited budgets with one bad header.
 */
export function resolveClientIp(
  forwardedFor: string | string[] | null | undefined,
  peer: string | null | undefined,
  trustProxyHops: number,
): string | null {
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor;
  const forwarded = trustProxyHops > 0 && header?.trim() ? fromForwardedFor(header, trustProxyHops) : null;
  return forwarded ?? (peer ? normalizeIp(peer) : null);
}

/**
 * `trustProxyHops` (TRUST_PROXY_HOPS) is the number of reverse proxies in front of the app that each
 * append the address they saw to `X-Forwarded-For`. With N hops the N-th entry from the right is the
 * address the outermost proxy saw; everything left of it was sent by the client and can be forged.
 */
function fromForwardedFor(header: string | null, trustProxyHops: number): string | null {
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
 * The one key per-client limits count by (`by: "ip"` in the route layer): an IPv4 address itself, an
 * IPv6 address by its /64. One host or home is normally given a whole /64 and can pick any address
 * in it, so counting single IPv6 addresses would hand it 2^64 budgets.
 */
export function clientKey(ip: string): string {
  return isIP(ip) === 6 ? subnetOf(ip) : ip;
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
