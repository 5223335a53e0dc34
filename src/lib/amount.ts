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
  /** A native amount that leaves less than the reserve for the network fees of its transactions. */
  balanceAfterFee: (symbol: string, reserve: string) =>
    `Insufficient ${symbol} balance: keep about ${reserve} ${symbol} for the network fee`,
} as const;

/**
 * Native coin (18 decimals) a form keeps back from a native amount for the network fees of the
 * transactions that spend it (wrap, approve and stake; a swap; adding liquidity): 0.01 of the coin.
 * Without it, typing the whole balance passes the form and fails in the wallet ("insufficient funds").
 * The send form sizes its own from the live fee (features/wallet/send-schema.ts: one transfer).
 */
export const NATIVE_GAS_RESERVE = 10n ** 16n;

/** The most a form lets one spend of `balance` ("Max"): all of it, less `reserve` for a native coin. */
export function spendable(balance: bigint, reserve = 0n): bigint {
  return balance > reserve ? balance - reserve : 0n;
}

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

/** Plain decimal string for an input field (no separators, no rounding). */
export function toInputString(value: bigint, decimals: number): string {
  return formatUnits(value, decimals);
}

/**
 * A computed amount shown in an amount field (the swap's quoted side): plain digits without
 * grouping, so it still parses if the user edits it, truncated to `digits` decimals from 1 up and
 * `digits` significant digits below 1 ("5.981234", "0.0001234567"). Display only: the transaction
 * uses the quote's exact base units.
 */
export function toReadableInput(value: bigint, decimals: number, digits = 6): string {
  const [int = "0", frac = ""] = formatUnits(value, decimals).split(".");
  const whole = int.replace("-", "");
  const keep = whole === "0" ? (frac.match(/^0*/)?.[0].length ?? 0) + digits : digits;
  const cut = frac.slice(0, keep).replace(/0+$/, "");
  return cut ? `${int}.${cut}` : int;
}
