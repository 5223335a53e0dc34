import { formatUnits, parseUnits } from "viem";
import { messages } from "@/lib/validation-messages";

/**
 * The one place amounts are parsed and formatted (docs/ARCHITECTURE.md, "Web3 layer").
 * Amount fields: what users type is a decimal string; what the chain wants is base units. Every
 * message here is shown inline under the field and disables submit.
 */
export const amountMessages = {
  required: messages.required,
  numbers: messages.numbers,
  negative: "Amount must be greater than 0",
  zero: "Amount must be greater than 0",
  decimals: (d: number) =>
    d === 0 ? "This token has no decimals" : `Use at most ${d} decimals for this token`,
  balance: (symbol: string) => `Insufficient ${symbol} balance`,
} as const;

export type AmountParse = { ok: true; value: bigint } | { ok: false; message: string };

export function parseAmount(input: string | undefined | null, decimals: number): AmountParse {
  const s = (input ?? "").trim();
  if (s === "") return { ok: false, message: amountMessages.required };
  if (/^-/.test(s)) return { ok: false, message: amountMessages.negative };
  if (!/^(\d+\.?\d*|\.\d+)$/.test(s)) return { ok: false, message: amountMessages.numbers };
  const frac = s.split(".")[1] ?? "";
  if (frac.length > decimals) return { ok: false, message: amountMessages.decimals(decimals) };
  const value = parseUnits(s.startsWith(".") ? `0${s}` : s, decimals);
  if (value === 0n) return { ok: false, message: amountMessages.zero };
  return { ok: true, value };
}

/** Like parseAmount plus the balance check. `balance` undefined = not loaded yet (no message). */
export function validateAmount(
  input: string | undefined | null,
  token: { decimals: number; symbol: string },
  balance?: bigint,
): AmountParse {
  const parsed = parseAmount(input, token.decimals);
  if (!parsed.ok) return parsed;
  if (balance !== undefined && parsed.value > balance) {
    return { ok: false, message: amountMessages.balance(token.symbol) };
  }
  return parsed;
}

/** Human-readable amount with at most `maxFraction` decimals, rounded down, thousands separated. */
export function formatAmount(value: bigint, decimals: number, maxFraction = 6): string {
  const negative = value < 0n;
  const [int = "0", frac = ""] = formatUnits(negative ? -value : value, decimals).split(".");
  const cut = frac.slice(0, maxFraction).replace(/0+$/, "");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const text = cut ? `${grouped}.${cut}` : grouped;
  if (!cut && int === "0" && value !== 0n) return `< 0.${"0".repeat(Math.max(0, maxFraction - 1))}1`;
  return negative ? `-${text}` : text;
}

/** Plain decimal string for an input field (no separators, no rounding). */
export function toInputString(value: bigint, decimals: number): string {
  return formatUnits(value, decimals);
}

/**
 * The seed shows balances with 3 decimals. Truncates (never rounds up) so a wallet never appears to
 * hold more than it does, and groups thousands for readability.
 */
export function formatBalance(value: bigint, decimals: number, fractionDigits = 3): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const [whole = "0", fraction = ""] = formatUnits(abs, decimals).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const cut = fraction.padEnd(fractionDigits, "0").slice(0, fractionDigits);
  const text = fractionDigits > 0 ? `${grouped}.${cut}` : grouped;
  return negative ? `-${text}` : text;
}

/** USD with 2 decimals: 1234.5 → "$1,234.50". */
export function formatUsd(value: number): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 2,
  }).format(value);
}
