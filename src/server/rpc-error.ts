import { config } from "./config";

/** What a log line may carry about a failed RPC call: never the RPC URL (it may hold a provider key). */
type LoggableRpcError = { name: string; message: string; details?: string; status?: number };

const PLACEHOLDER = "<TESTNET_RPC_URL>";
const MAX_TEXT = 300;

/** The spellings of TESTNET_RPC_URL an error text may contain, longest first. */
function rpcUrlForms(): string[] {
  let raw: unknown;
  try {
    raw = config().TESTNET_RPC_URL;
  } catch {
    return []; // a log line must never throw
  }
  if (typeof raw !== "string" || !raw) return [];
  const forms = new Set([raw]);
  try {
    const u = new URL(raw);
    forms.add(u.href);
    u.username = "";
    u.password = "";
    forms.add(u.href); // viem's getUrl() prints the URL without its credentials
    const tail = `${u.pathname}${u.search}`;
    if (tail.length > 1) forms.add(tail); // the key-bearing part, however the host is spelled
  } catch {
    // not a URL: only the raw text is replaced
  }
  for (const f of [...forms]) forms.add(f.replace(/\/+$/, ""));
  return [...forms].filter((f) => f.length > 1).sort((a, b) => b.length - a.length);
}

function replaceForms(text: string, forms: readonly string[]): string {
  let out = text;
  for (const form of forms) out = out.split(form).join(PLACEHOLDER);
  return out;
}

function scrub(text: string, forms: readonly string[]): string {
  return replaceForms(text, forms).slice(0, MAX_TEXT);
}

/** `text` with every spelling of TESTNET_RPC_URL replaced by `<TESTNET_RPC_URL>` (the logger's err serializer). */
export function withoutRpcUrl(text: string): string {
  return replaceForms(text, rpcUrlForms());
}

/**
 * An RPC error (viem's `BaseError` or any other throw) as an object for `logger.*({ err: … })`:
 * viem's one-line `shortMessage` and `details` instead of its `message`, whose meta lines print the
 * request URL, and every occurrence of TESTNET_RPC_URL replaced by `<TESTNET_RPC_URL>`.
 */
export function rpcErrorForLog(err: unknown): LoggableRpcError {
  const forms = rpcUrlForms();
  if (!(err instanceof Error)) return { name: "Error", message: scrub(String(err), forms) };
  const e = err as Error & { shortMessage?: unknown; details?: unknown; status?: unknown };
  const message = typeof e.shortMessage === "string" ? e.shortMessage : (e.message.split("\n")[0] ?? "");
  const out: LoggableRpcError = { name: e.name, message: scrub(message, forms) };
  if (typeof e.details === "string" && e.details) out.details = scrub(e.details, forms);
  if (typeof e.status === "number") out.status = e.status;
  return out;
}
