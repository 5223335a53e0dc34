import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";

// Where outgoing webhooks may go (docs/integrations.md, "Outgoing webhooks"): public unicast
// addresses only, unless WEBHOOK_ALLOW_PRIVATE opts a local setup in. Checked when an endpoint is
// registered (a clear 400) and again when the worker connects (the lookup below hands the socket
// the very addresses it checked, so a name cannot resolve to a public address for the check and to
// a private one for the connection).

/** Every address a host name resolves to; the system resolver unless a test injects one. */
export type Resolve = (hostname: string) => Promise<dns.LookupAddress[]>;

export const systemResolve: Resolve = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

const NAT64 = ipaddr.IPv6.parseCIDR("64:ff9b::/96");
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");
/** How long registration waits for DNS before accepting the name (delivery checks it again anyway). */
const REGISTRATION_LOOKUP_MS = 5_000;

/**
 * The range `address` belongs to when it is not a public unicast address ("loopback", "private",
 * "linkLocal", …), or null when a webhook may go there. IPv4-mapped IPv6 (`::ffff:127.0.0.1`) and
 * NAT64 (`64:ff9b::a.b.c.d`) are judged by the IPv4 address they carry; any other IPv6 address must
 * be global unicast (2000::/3).
 */
export function nonPublicRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return "invalid";
  let ip = ipaddr.process(address);
  if (ip.kind() === "ipv6" && ip.match(NAT64)) ip = ipaddr.fromByteArray(ip.toByteArray().slice(12));
  const range = ip.range();
  if (range !== "unicast") return range;
  return ip.kind() === "ipv6" && !ip.match(GLOBAL_UNICAST_V6) ? "reserved" : null;
}

/** A URL's host as a resolver or `net.isIP` takes it: no IPv6 brackets, no trailing dot, lower case. */
export function hostOf(url: string): string {
  return new URL(url).hostname
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "")
    .toLowerCase();
}

const resolvesTo = (host: string, address: string, range: string) =>
  `${host} resolves to ${address}, a ${range} address`;
const isLocalhostName = (host: string) => host === "localhost" || host.endsWith(".localhost");

/** The refusal of an IP literal or a localhost name (no DNS needed), or null. */
function literalRefusal(host: string): string | null {
  if (isLocalhostName(host)) return `${host} is this machine (loopback)`;
  if (!net.isIP(host)) return null;
  const range = nonPublicRange(host);
  return range ? `${host} is a ${range} address` : null;
}

/**
 * Why a webhook may not be registered for `url`, or null: an IP literal or a name that resolves to
 * a non-public address. A name that does not resolve now is accepted (its DNS may not be live yet):
 * the worker checks every address again when it connects.
 */
export async function registrationRefusal(
  url: string,
  opts: { allowPrivate: boolean; resolve?: Resolve },
): Promise<string | null> {
  if (opts.allowPrivate) return null;
  const host = hostOf(url);
  const literal = literalRefusal(host);
  if (literal || net.isIP(host)) return literal;
  let timer: NodeJS.Timeout | undefined;
  const addresses = await Promise.race([
    (opts.resolve ?? systemResolve)(host).catch(() => []),
    new Promise<dns.LookupAddress[]>((r) => {
      timer = setTimeout(() => r([]), REGISTRATION_LOOKUP_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  for (const { address } of addresses) {
    const range = nonPublicRange(address);
    if (range) return resolvesTo(host, address, range);
  }
  return null;
}

/** A connection refused because its target is not public; its message goes to the delivery log. */
export class BlockedTargetError extends Error {
  override name = "BlockedTargetError";
  constructor(reason: string) {
    super(`refused: ${reason} (only public addresses, unless WEBHOOK_ALLOW_PRIVATE=1)`);
  }
}

/** Throws BlockedTargetError for an IP literal or localhost name that may not be connected to. */
export function assertLiteralAllowed(url: string, allowPrivate: boolean): void {
  const reason = allowPrivate ? null : literalRefusal(hostOf(url));
  if (reason) throw new BlockedTargetError(reason);
}

/**
 * A `lookup` for `net.connect` (through http/https.request): resolves the name, refuses it when any
 * of its addresses is not public, and otherwise answers exactly the addresses it checked, in the
 * shape Node asked for (`all`: every address, for Happy Eyeballs; else the first). Node skips
 * `lookup` for an IP literal: `assertLiteralAllowed` covers those.
 */
export function guardedLookup(resolve: Resolve, allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (all) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const addresses = family ? all.filter((a) => a.family === family) : all;
        const first = addresses[0];
        if (!first) {
          const err: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
          err.code = "ENOTFOUND";
          return callback(err, "");
        }
        for (const { address } of allowPrivate ? [] : addresses) {
          const range = nonPublicRange(address);
          if (range) return callback(new BlockedTargetError(resolvesTo(hostname, address, range)), "");
        }
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ""),
    );
  };
}
