import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * The whole runtime configuration, read once from the environment and validated with zod.
 * A bad value stops start-up with a message that names the variable and what it expects.
 * Brand and chain settings are runtime (not NEXT_PUBLIC_*), so one build serves any operator.
 * Over 300 lines: the one list of every variable with its rule, read in one place.
 */

const hexKey = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "a 0x-prefixed 32-byte hex private key");
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "a 0x-prefixed 20-byte hex address");
/** A comma-separated variable as its trimmed, non-empty entries (empty when unset). */
const commaList = z
  .string()
  .default("")
  .transform((s) =>
    s
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean),
  );
const decimalAmount = z
  .string()
  .regex(/^\d{1,30}(\.\d{1,18})?$/, "a non-negative decimal amount such as 1 or 0.05");
const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");
/** An absolute http(s) URL (other schemes such as ftp: or javascript: are refused). */
const httpUrl = (message: string) => z.url({ protocol: /^https?$/, message });
/**
 * An http(s) origin, optionally with a trailing slash: the app is served at the root, and links are
 * built as `${publicUrl}/…`, so a path, query, fragment or credentials would break every one of them.
 */
const httpOrigin = z
  .string()
  .regex(
    /^https?:\/\/[^/?#@\s]+\/?$/,
    "an http(s) origin without path, query or fragment, such as https://portal.example.org",
  )
  .pipe(httpUrl("an http(s) origin such as https://portal.example.org"));

// Anvil's first dev key: local chains only; refused in production below.
const ANVIL_DEPLOYER_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
// Anvil's second dev key: the local faucet sender.
const ANVIL_FAUCET_KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PUBLIC_URL: httpOrigin.optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "a postgres:// connection URL")
    .optional(),
  SESSION_SECRET: z.string().min(32, "at least 32 characters of random text").optional(),
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .default(7 * 24 * 3600),
  // Live sessions one wallet may hold; the oldest is signed out at the next sign-in past it.
  SESSION_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(20),
  // Nonce requests and sign-in attempts per client address per minute (each counted on its own).
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  PRODUCT_NAME: z.string().min(1).max(40).default("Aurum"),
  NATIVE_CURRENCY_NAME: z.string().min(1).max(40).optional(),
  NATIVE_SYMBOL: z
    .string()
    .regex(/^[A-Z0-9]{2,11}$/, "2 to 11 upper-case letters or digits")
    .default("AURUM"),
  TESTNET_CHAIN_ID: z.coerce.number().int().positive().default(99199),
  TESTNET_RPC_URL: httpUrl("an http(s) JSON-RPC URL").default("http://127.0.0.1:8545"),
  TESTNET_PUBLIC_RPC_URL: httpUrl("an http(s) JSON-RPC URL reachable by browsers").optional(),
  TESTNET_EXPLORER_URL: httpUrl("an http(s) URL of a block explorer").optional(),
  // Blocks the indexer stays behind the head (reorg safety); 0 suits Anvil.
  INDEXER_CONFIRMATIONS: z.coerce.number().int().min(0).max(1000).default(0),
  DEPLOYMENTS_DIR: z.string().min(1).default("./deployments"),
  DEPLOYER_PRIVATE_KEY: hexKey.optional(),
  FAUCET_PRIVATE_KEY: hexKey.optional(),
  ADMIN_ADDRESSES: commaList.pipe(z.array(address)),
  // Moderators: support, participants read-only, exclusions and reviews (the console adds more at run time).
  MODERATOR_ADDRESSES: commaList.pipe(z.array(address)),
  WORKERS: z.enum(["on", "off", "only"]).default("on"),
  // Heap limit of the airdrop freeze's worker thread (docs/airdrop.md "Scale": ~1.1 GB at a million recipients).
  AIRDROP_FREEZE_MEMORY_MB: z.coerce.number().int().min(64).max(65_536).default(2048),
  // First-party analytics events older than this are deleted (src/features/admin/server/events.ts).
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  // The logger reads it before this validation and starts at the default on an unknown value
  // (logger.ts, logLevelFrom); this is where the process then stops, naming it.
  LOG_LEVEL: z
    .enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"], {
      message: "one of trace, debug, info, warn, error, fatal, silent",
    })
    .default("info"),
  // The worker process's own HTTP server (scripts/worker.ts): GET /metrics and GET /health. Unset: none.
  WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  // Loopback by default: the metrics name the faucet's balances and queues (METRICS_TOKEN applies too).
  WORKER_METRICS_HOST: z
    .string()
    .regex(/^[0-9A-Za-z.:-]{1,253}$/, "an interface address or host name such as 127.0.0.1 or 0.0.0.0")
    .default("127.0.0.1"),
  WALLETCONNECT_PROJECT_ID: z
    .string()
    .regex(/^[0-9a-f]{32}$/, "a 32-character hex project id")
    .optional(),
  SECURE_COOKIES: bool.optional(),
  // Wallet modal (issue 15): ask for an email after sign-in, and mail a verification link.
  EMAIL_CAPTURE: z.enum(["off", "optional", "required"]).default("off"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, "an smtp:// or smtps:// URL such as smtps://user:pass@mail.example.org:465")
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).optional(),
  // Wallet modal (issue 15): wallets hidden from the list, by rdns or case-insensitive name.
  WALLET_EXCLUDE: commaList.pipe(z.array(z.string().max(100)).max(200)),
  // ERC-721 collections on the testnet shown in the wallet modal's NFTs tab (hidden when none).
  NFT_COLLECTIONS: commaList.pipe(z.array(address).max(20)),
  // Faucet (issue 4): drips are decimal amounts in whole units (the token's decimals apply).
  FAUCET_DRIP_NATIVE: decimalAmount.default("1"),
  FAUCET_DRIP_TUSD: decimalAmount.default("100"),
  FAUCET_DRIP_TETH: decimalAmount.default("0.05"),
  FAUCET_COOLDOWN_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(365 * 24 * 3600)
    .default(86_400),
  FAUCET_IP_LIMIT: z.coerce.number().int().min(1).max(10_000).default(3),
  FAUCET_MIN_BALANCE: decimalAmount.default("10"),
  // Campaign integrity (issue 12): the faucet's gates, outflow and balance rules.
  FAUCET_PAUSED: bool.default(false),
  FAUCET_SUBNET_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  // Upper bound of the ALTCHA secret number: the expected work is half of it (docs/api.md, "Faucet").
  FAUCET_POW_MAXNUMBER: z.coerce.number().int().min(100).max(100_000_000).default(50_000),
  FAUCET_POW_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  FAUCET_DAILY_OUTFLOW_NATIVE: decimalAmount.default("2000"),
  FAUCET_DAILY_OUTFLOW_TUSD: decimalAmount.default("200000"),
  FAUCET_DAILY_OUTFLOW_TETH: decimalAmount.default("100"),
  // Below this many drips left in the faucet, each drip shrinks in proportion to the balance.
  FAUCET_REDUCE_BELOW_DRIPS: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  FAUCET_MAX_RECIPIENT_BALANCE: decimalAmount.default("10"),
  // The fee bump (docs/api.md "Operating the faucet"): a transaction pending this long is re-signed
  // with higher fees, never above FAUCET_MAX_FEE_GWEI.
  FAUCET_FEE_BUMP_AFTER_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
  FAUCET_MAX_FEE_GWEI: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,9})?$/, "a gas price in gwei such as 100 or 2.5")
    .default("100"),
  // Referral qualification: a friend counts once they did this many distinct on-chain task types
  // (the faucet claim not among them) and this many hours passed since their first sign-in.
  REFERRAL_QUALIFY_TASK_TYPES: z.coerce.number().int().min(0).max(20).default(3),
  REFERRAL_QUALIFY_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 365)
    .default(24),
  // Sybil detection: score at or above which a participant is flagged for review.
  SYBIL_FLAG_SCORE: z.coerce.number().int().min(1).max(100).default(60),
  // Campaign (issue 6): "Name:minPoints,…" from 0 upwards, and the referrer's share of friends' task points.
  POINTS_TIERS: z
    .string()
    .default("Bronze:0,Silver:500,Gold:2000,Platinum:5000")
    .transform((s) =>
      s.split(",").map((part) => {
        const [name = "", min = ""] = part.split(":").map((x) => x.trim());
        return { name, min: /^\d{1,12}$/.test(min) ? Number(min) : Number.NaN };
      }),
    )
    .pipe(
      z
        .array(z.object({ name: z.string().min(1).max(30), min: z.number().int().min(0) }))
        .min(1)
        .refine((t) => t[0]?.min === 0, "the first tier must start at 0 (e.g. Bronze:0,Silver:500)")
        .refine(
          (t) => t.every((x, i) => i === 0 || x.min > (t[i - 1]?.min ?? 0)),
          "tiers in increasing order of points",
        ),
    ),
  REFERRAL_SHARE_PERCENT: z.coerce.number().int().min(0).max(100).default(10),
  // Integrations (docs/integrations.md): outgoing webhooks as `url|secret` pairs, and Zealy's API-quest key.
  WEBHOOK_URLS: commaList
    .transform((entries) =>
      entries.map((entry) => {
        const i = entry.lastIndexOf("|");
        return { url: i < 0 ? entry : entry.slice(0, i), secret: i < 0 ? "" : entry.slice(i + 1) };
      }),
    )
    .pipe(
      z.array(
        z.object({
          // Stored as the parser spells it (scheme and host lower-cased): webhook_endpoints' check
          // (`^https?://`) is case-sensitive, and `HTTPS://…` made every worker start fail.
          url: z
            .url({ protocol: /^https?$/, message: "an http(s) URL followed by |secret" })
            .transform((u) => new URL(u).href),
          secret: z.string().min(16, "each URL needs |secret with at least 16 characters"),
        }),
      ),
    ),
  // Outgoing webhooks may reach loopback, private and link-local addresses: local setups and tests only.
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  ZEALY_API_KEY: z.string().min(16, "at least 16 characters").optional(),
  // Unset: /api/metrics is open to anyone who can reach it (docs/api.md, "GET /api/metrics").
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,512}$/, "16 to 512 printable characters without spaces")
    .optional(),
  // Names (issue 16): the zone names live under (default: the product name), words nobody may
  // register on top of the built-in reserved ones, and the wait between two name changes.
  NAMES_ZONE: z
    .string()
    .regex(/^[a-z0-9](-?[a-z0-9])*$/, "lower-case letters, digits and single inner hyphens, e.g. aurum")
    .max(32)
    .optional(),
  NAMES_DENY_LIST: commaList
    .transform((names) => names.map((w) => w.toLowerCase()))
    .pipe(z.array(z.string().regex(/^[a-z0-9-]{1,63}$/, "comma-separated names (letters, digits, hyphens)"))),
  NAMES_RENAME_COOLDOWN_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(365 * 24 * 3600)
    .default(30 * 24 * 3600),
  // Per client address and day (per /24 or /64: 4× names, 3× email saves); docs/api.md "Limits".
  NAMES_IP_LIMIT: z.coerce.number().int().min(1).max(100_000).default(5),
  PROFILE_EMAIL_IP_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
});

export type Env = z.infer<typeof envSchema>;

export type AppConfig = Env & {
  publicUrl: string;
  origin: string;
  sessionSecret: string;
  nativeCurrencyName: string;
  publicRpcUrl: string;
  explorerUrl: string;
  deployerPrivateKey: `0x${string}`;
  faucetPrivateKey: `0x${string}`;
  secureCookies: boolean;
  isLocalChain: boolean;
  namesZone: string;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Variables holding URLs that may carry credentials, a key in their path, or `|secret`s. */
const URL_SECRETS = new Set(["DATABASE_URL", "SMTP_URL", "WEBHOOK_URLS", "TESTNET_RPC_URL"]);

/**
 * A URL with what may be secret removed: the userinfo, everything after the host (path, query,
 * fragment) and a `|secret` suffix; a comma-separated list entry by entry. Text that does not start
 * with a scheme is hidden whole (it cannot be told apart from a password).
 */
function redactUrls(value: string): string {
  return value
    .split(",")
    .map((entry) => {
      const url = entry.trim().split("|")[0] ?? "";
      const m = /^([a-z][a-z0-9+.-]*:\/\/)(.*)$/i.exec(url);
      if (!m) return entry.trim() ? "<hidden>" : "";
      const [, scheme = "", rest = ""] = m;
      const afterUser = rest.slice(rest.lastIndexOf("@") + 1);
      const host = afterUser.split(/[/?#]/)[0] ?? "";
      return `${scheme}${host}${host === rest ? "" : "/<hidden>"}`;
    })
    .join(",");
}

/** Formats zod issues as "VARIABLE: what it expects (got …)" lines, never printing a secret. */
export function describeEnvIssues(error: z.ZodError, env: Record<string, string | undefined>): string {
  return error.issues
    .map((issue) => {
      const key = String(issue.path[0] ?? "environment");
      const got = env[key];
      const shown =
        got === undefined
          ? "unset"
          : /KEY|SECRET|PASSWORD|TOKEN/.test(key)
            ? "hidden"
            : URL_SECRETS.has(key)
              ? JSON.stringify(redactUrls(got))
              : JSON.stringify(got);
      return `${key}: ${issue.message} (got ${shown})`;
    })
    .join("\n");
}

/** `VAR=` (an env-file line without a value, an unset compose substitution) means unset: its default. */
function withoutEmptyValues(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
}

/** The deployer's and the faucet's keys: the variables when set, else Anvil's dev keys 0 and 1. */
type ChainKeys = { deployerPrivateKey: `0x${string}`; faucetPrivateKey: `0x${string}` };
function chainKeys(e: { DEPLOYER_PRIVATE_KEY?: string; FAUCET_PRIVATE_KEY?: string }): ChainKeys {
  return {
    deployerPrivateKey: (e.DEPLOYER_PRIVATE_KEY ?? ANVIL_DEPLOYER_KEY) as `0x${string}`,
    faucetPrivateKey: (e.FAUCET_PRIVATE_KEY ?? ANVIL_FAUCET_KEY) as `0x${string}`,
  };
}

/**
 * The two keys as the server reads them (same rule, same defaults) without the rest of its
 * configuration: `npm run deploy` funds the faucet the server will send from, and needs neither a
 * session secret nor a database.
 */
export function chainKeysFromEnv(rawEnv: Record<string, string | undefined>): ChainKeys {
  const env = withoutEmptyValues(rawEnv);
  const parsed = envSchema.pick({ DEPLOYER_PRIVATE_KEY: true, FAUCET_PRIVATE_KEY: true }).safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration:\n${describeEnvIssues(parsed.error, env)}`);
  }
  return chainKeys(parsed.data);
}

export function parseConfig(rawEnv: Record<string, string | undefined>): AppConfig {
  const env = withoutEmptyValues(rawEnv);
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration:\n${describeEnvIssues(parsed.error, env)}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const origin = new URL(publicUrl).origin;
  const isLocalChain = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/?$/.test(e.TESTNET_RPC_URL);
  const isProd = e.NODE_ENV === "production" && !isLocalChain;

  // Scaled out (DATABASE_URL: several processes on one database), every process must sign and check
  // with the same secret and send from the same faucet account, whatever chain the RPC URL names (a
  // loopback URL may be a sidecar node of a real testnet). Each process would otherwise generate its
  // own secret in its own DATA_DIR (a session, faucet challenge or support link then works only on
  // the process that made it) and fall back to Anvil's public keys.
  const scaledOut = e.DATABASE_URL !== undefined;
  const problems: string[] = [];
  if (!e.SESSION_SECRET) {
    if (isProd) problems.push("SESSION_SECRET: required in production (at least 32 characters)");
    else if (scaledOut) {
      problems.push(
        "SESSION_SECRET: required with DATABASE_URL (at least 32 characters, the same in every process: a secret generated into each DATA_DIR makes sessions, faucet challenges and support links work only on the process that issued them)",
      );
    }
  }
  // Scaled out, web processes (WORKERS=off) need the keys too: they derive the same accounts as the
  // worker (the faucet status and drip scaling read the faucet account's balance, payouts are labelled
  // by its address). WORKERS=off on PGlite runs no sender and shares its database with no one.
  if (scaledOut || (!isLocalChain && e.WORKERS !== "off")) {
    for (const key of ["DEPLOYER_PRIVATE_KEY", "FAUCET_PRIVATE_KEY"] as const) {
      if (e[key]) continue;
      problems.push(
        scaledOut
          ? `${key}: required with DATABASE_URL, the same in every process (the default is Anvil's public dev key; on a local Anvil set that key explicitly)`
          : `${key}: required when TESTNET_RPC_URL is not a local chain (the dev keys are public)`,
      );
    }
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  return {
    ...e,
    publicUrl,
    origin,
    sessionSecret: e.SESSION_SECRET ?? localSessionSecret(e.DATA_DIR),
    nativeCurrencyName: e.NATIVE_CURRENCY_NAME ?? e.PRODUCT_NAME,
    publicRpcUrl: e.TESTNET_PUBLIC_RPC_URL ?? e.TESTNET_RPC_URL,
    explorerUrl: (e.TESTNET_EXPLORER_URL ?? `${publicUrl}/explorer`).replace(/\/+$/, ""),
    ...chainKeys(e),
    secureCookies: e.SECURE_COOKIES ?? publicUrl.startsWith("https://"),
    isLocalChain,
    namesZone: e.NAMES_ZONE ?? zoneFromProductName(e.PRODUCT_NAME),
  };
}

/** Local mode: a secret generated once and kept in DATA_DIR, so sessions survive restarts. */
function localSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("hex");
    try {
      // "wx": if another process won the race, keep its secret.
      fs.writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
      return secret;
    } catch {
      return fs.readFileSync(file, "utf8").trim();
    }
  }
}

/** The default names zone: the product name folded to a DNS-style label (`Aurum Labs` → `aurum-labs`). */
export function zoneFromProductName(productName: string): string {
  const zone = productName
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 32)
    .replace(/-+$/, "");
  return zone || "names";
}

let cached: AppConfig | undefined;

/** The process-wide configuration (parsed on first use). */
export function config(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Tests only: forget the cached configuration after changing process.env. */
export function resetConfigForTests(): void {
  cached = undefined;
}
