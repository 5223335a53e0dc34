import { parseUnits } from "viem";
import { formatTokenAmount } from "@/lib/format";
import { messages } from "@/lib/validation-messages";
import { receiverAddressError } from "./recipient";

export const sendMessages = {
  required: messages.sendRequired,
  number: messages.numbers,
  decimals: (symbol: string, decimals: number) => `${symbol} has at most ${decimals} decimal places`,
  positive: "Enter an amount greater than 0",
  exceeds: (symbol: string) => `Amount exceeds your ${symbol} balance`,
  exceedsNative: (symbol: string, reserve: string) =>
    `Amount exceeds your ${symbol} balance after the network fee (keep about ${reserve} ${symbol} for gas)`,
  self: "This is your own address; enter the receiver's address",
} as const;

export type SendContext = {
  symbol: string;
  decimals: number;
  isNative: boolean;
  /** Current balance in base units (undefined while loading: the balance check waits). */
  balance: bigint | undefined;
  /** Native coin kept back for the network fee of a native send. */
  gasReserve: bigint;
  /** The sender, to refuse sending to oneself. */
  from?: string;
};

/** Parses a user-typed decimal amount ("1.5", ".5", "1,000.25" not allowed) into base units, or a message. */
export function parseAmountInput(
  text: string,
  symbol: string,
  decimals: number,
): { value: bigint } | { error: string } {
  const t = text.trim();
  if (!/^(\d+\.?\d*|\.\d+)$/.test(t)) return { error: sendMessages.number };
  const fraction = t.split(".")[1] ?? "";
  if (fraction.length > decimals) return { error: sendMessages.decimals(symbol, decimals) };
  return { value: parseUnits(t.startsWith(".") ? `0${t}` : t, decimals) };
}

export type SendErrors = Partial<Record<"amount" | "receiver", string>>;

/**
 * The send form's checks against live context (balance, gas reserve), in the seed's wording:
 * everything is checked before the wallet is asked to sign anything. Plain code, not a zod schema,
 * so the wallet page does not ship a schema library for two fields (docs/ARCHITECTURE.md,
 * "Client bundles"); the server never sees this form (the wallet sends the transaction).
 */
export function sendErrors(v: { amount: string; receiver: string }, ctx: SendContext): SendErrors {
  const amount = (v.amount ?? "").trim();
  const receiver = (v.receiver ?? "").trim();
  if (!amount || !receiver) return { [amount ? "receiver" : "amount"]: sendMessages.required };
  const errors: SendErrors = {};
  const addressError = receiverAddressError(receiver);
  if (addressError) errors.receiver = addressError;
  else if (ctx.from && receiver.toLowerCase() === ctx.from.toLowerCase()) errors.receiver = sendMessages.self;
  const parsed = parseAmountInput(amount, ctx.symbol, ctx.decimals);
  if ("error" in parsed) errors.amount = parsed.error;
  else if (parsed.value === 0n) errors.amount = sendMessages.positive;
  else if (ctx.balance !== undefined) {
    if (ctx.isNative) {
      if (parsed.value + ctx.gasReserve > ctx.balance)
        errors.amount = sendMessages.exceedsNative(ctx.symbol, formatTokenAmount(ctx.gasReserve, 18));
    } else if (parsed.value > ctx.balance) errors.amount = sendMessages.exceeds(ctx.symbol);
  }
  return errors;
}

/** Gas kept back for a native send: 21,000 gas at twice the current max fee (room for a fee rise). */
export function nativeGasReserve(maxFeePerGas: bigint | undefined): bigint {
  const fee = maxFeePerGas && maxFeePerGas > 0n ? maxFeePerGas : 2_000_000_000n;
  return 21_000n * fee * 2n;
}
