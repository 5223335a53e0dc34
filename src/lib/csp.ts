/**
 * The Content-Security-Policy of every HTML page (set by src/proxy.ts, which makes a fresh nonce per
 * request; Next reads it from the request's CSP header and puts it on its own scripts). Scripts run
 * only with the nonce or when loaded by such a script ('strict-dynamic'), so an injected
 * `<script>` or inline handler does nothing. Styles allow inline: React style attributes and the
 * toast library's injected stylesheet carry no nonce, and CSS cannot run code.
 */
export type CspOptions = {
  nonce: string;
  /** `next dev` needs eval for React's debugging aids; production never does. */
  dev: boolean;
  /** The chain RPC URL browsers talk to (TESTNET_PUBLIC_RPC_URL): its origin joins connect-src. */
  publicRpcUrl: string;
  /** WalletConnect is reachable only when the operator configured a project id. */
  walletConnect: boolean;
  /** `upgrade-insecure-requests` only for an https site (it would break plain-http localhost). */
  https: boolean;
};

const WALLETCONNECT_HOSTS = [
  "https://*.walletconnect.org",
  "wss://*.walletconnect.org",
  "https://*.walletconnect.com",
  "wss://*.walletconnect.com",
];

function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:" ? u.origin : null;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(o: CspOptions): string {
  const rpc = originOf(o.publicRpcUrl);
  const connect = ["'self'", ...(rpc ? [rpc] : []), ...(o.walletConnect ? WALLETCONNECT_HOSTS : [])];
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", `'nonce-${o.nonce}'`, "'strict-dynamic'", ...(o.dev ? ["'unsafe-eval'"] : [])],
    ["style-src", "'self'", "'unsafe-inline'"],
    // Wallet icons (EIP-6963) and QR codes are data: URLs.
    ["img-src", "'self'", "data:", "blob:"],
    ["font-src", "'self'", "data:"],
    ["connect-src", ...connect],
    ["worker-src", "'self'", "blob:"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  const text = directives.map((d) => d.join(" ")).join("; ");
  return o.https ? `${text}; upgrade-insecure-requests` : text;
}

/**
 * Whether the `img-src` above lets one of our pages load the image `src`: a path on this site
 * (`'self'`), `data:` or `blob:`. Anything with another scheme, or `//host` and `/\\host` (another
 * host to a browser), is blocked without a visible error, so content is checked with this before
 * it is saved. An absolute URL of the site itself is refused too: it would break under another
 * PUBLIC_URL, and a path does the same.
 */
export function imageAllowedByPolicy(src: string): boolean {
  const s = src.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(s)) return /^(data|blob):/i.test(s);
  return !/^[/\\]{2}/.test(s);
}

/**
 * The `<img>` sources in HTML rendered by our Markdown renderer (src/lib/content/markdown.ts) that
 * `img-src` would block. Raw HTML is escaped there, so every `<img` in its output is an image it
 * rendered, with `src` first and double-quoted.
 */
export function imagesBlockedByPolicy(html: string): string[] {
  const blocked: string[] = [];
  for (const m of html.matchAll(/<img src="([^"]*)"/g)) {
    const src = (m[1] ?? "").replace(/&amp;/g, "&");
    if (!imageAllowedByPolicy(src)) blocked.push(src);
  }
  return blocked;
}

/** Why content with such an image is refused, and what to do instead. */
export function blockedImageMessage(src: string): string {
  return `the image ${src} cannot be shown: the pages' Content-Security-Policy only loads images from this site. Use a path on this site (a file under public/ or a console upload, /api/media/…), or link to the image with [text](url)`;
}

/** A fresh, unguessable nonce (128 random bits, base64). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}
