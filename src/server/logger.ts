import pino from "pino";
import { withoutRpcUrl } from "./rpc-error";

/**
 * Every logged `err`, whatever the call site: viem puts the request URL in an error's message, meta
 * lines and stack, and TESTNET_RPC_URL may carry the provider's key in its path.
 */
export function serializeErr(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  return JSON.parse(withoutRpcUrl(JSON.stringify(pino.stdSerializers.err(value))));
}

/** One JSON logger for the process; the level comes from LOG_LEVEL (read directly so logging works before config). */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: { app: "aurum-portal" },
  redact: { paths: ["*.privateKey", "*.signature", "*.cookie", "req.headers.cookie"], remove: true },
  serializers: { err: serializeErr },
});
