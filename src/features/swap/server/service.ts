import { type Address, erc20Abi, type PublicClient } from "viem";
import { testnetClient } from "@/chain/clients";
import type { Deployment } from "@/chain/deployment";
import { withGasMargin } from "@/chain/gas-margin";
import { caipAddress } from "@/chain/networks";
import { parseCaipAddress, type Token, tokenIconDataUri } from "@/features/tokens";
import { getPrices, getTokenList, readPools, requireDeployment } from "@/features/tokens/server";
import { ApiError, badRequest } from "@/server/errors";
import { buildApproveData } from "@/web3/approval";
import { describeWalletError } from "@/web3/wallet-errors";
import { QuoteError, quoteSwap, type SwapQuote } from "../quote";
import type { Side } from "../routing";
import { deadlineFromNow, maximumSold, minimumReceived } from "../slippage";
import { approvalFor, buildSwapCall } from "../tx";

export const SWAPS_UNSUPPORTED = "Network not supported for Swaps";
export const GAS_PRICE_UNSUPPORTED = "Network not supported for Gas Price";

export type Ctx = { deployment: Deployment; tokens: Token[]; client: PublicClient };

export function context(): Ctx {
  const deployment = requireDeployment();
  return { deployment, tokens: getTokenList(deployment), client: testnetClient() };
}

export function assertChain(ctx: Ctx, chainId: number, message: string) {
  if (chainId !== ctx.deployment.chainId) throw badRequest(message, "UNSUPPORTED_NETWORK");
}

/** A CAIP-10 token of this testnet, or a 400 saying exactly what is wrong with it. */
export function resolveToken(ctx: Ctx, value: string, field: string): Token {
  const parsed = parseCaipAddress(value);
  if (!parsed.ok) {
    throw badRequest(
      parsed.reason === "format"
        ? `${field}: use the eip155:${ctx.deployment.chainId}:0x… form`
        : `${field}: Address "${value}" is invalid.`,
      "INVALID_ADDRESS",
    );
  }
  assertChain(ctx, parsed.chainId, SWAPS_UNSUPPORTED);
  const token = ctx.tokens.find((t) => t.address.toLowerCase() === parsed.address.toLowerCase());
  if (!token) throw badRequest(`${field}: unknown token ${parsed.address} on this network`, "UNKNOWN_TOKEN");
  return token;
}

export function tokenEntry(t: Token) {
  return {
    name: t.name,
    symbol: t.symbol,
    address: t.caip,
    decimals: t.decimals,
    logoUri: tokenIconDataUri(t.id),
    eip2612: false,
  };
}

export async function quote(
  ctx: Ctx,
  from: Token,
  to: Token,
  side: Side,
  amount: bigint,
): Promise<SwapQuote> {
  const pools = await readPools(ctx.client, ctx.deployment);
  try {
    return quoteSwap({ tokens: ctx.tokens, pools, from, to, side, amount });
  } catch (err) {
    if (err instanceof QuoteError) throw badRequest(err.message, "NO_ROUTE");
    throw err;
  }
}

export function quoteEntry(ctx: Ctx, q: SwapQuote, slippageBps: number) {
  const chainId = ctx.deployment.chainId;
  // Slippage bounds a price that can move before the swap is mined. A wrap or unwrap has no price
  // (WrappedNative.deposit/withdraw move exactly the amount, 1:1), so its bounds are the amounts
  // themselves: an unwrap quoted +1 % refused unwrapping one's whole balance as the amount to receive.
  const priced = q.kind === "swap";
  return {
    id: null,
    kind: q.kind,
    side: q.side,
    fromAmount: q.amountIn.toString(),
    fromAccount: q.from.caip,
    toAmount: q.amountOut.toString(),
    toAccount: q.to.caip,
    route: q.route.map((t) => t.caip),
    path: q.path.map((a) => caipAddress(chainId, a)),
    amounts: q.amounts.map(String),
    priceImpact: (q.priceImpactBps / 100).toFixed(2),
    fee: q.fee.toString(),
    feeToken: q.from.caip,
    slippage: slippageBps / 100,
    minimumReceived:
      priced && q.side === "exactIn"
        ? minimumReceived(q.amountOut, slippageBps).toString()
        : q.amountOut.toString(),
    maximumSold:
      priced && q.side === "exactOut"
        ? maximumSold(q.amountIn, slippageBps).toString()
        : q.amountIn.toString(),
  };
}

export async function allowance(ctx: Ctx, token: Token, owner: Address): Promise<string> {
  if (token.isNative)
    throw badRequest(`${token.symbol} is the native coin: it needs no approval`, "NATIVE_TOKEN");
  try {
    const value = await ctx.client.readContract({
      address: token.address,
      abi: erc20Abi,
      functionName: "allowance",
      args: [owner, ctx.deployment.contracts.router.address],
    });
    return value.toString();
  } catch {
    return "0"; // the seed's fallback
  }
}

export async function gasPrice(ctx: Ctx) {
  const price = await ctx.client.getGasPrice();
  // Tiers as the seed's convert API answers them; on an EIP-1559 testnet they bound the tip generously.
  return {
    standard: price.toString(),
    fast: ((price * 12n) / 10n).toString(),
    instant: ((price * 15n) / 10n).toString(),
  };
}

async function estimate(ctx: Ctx, tx: { from: Address; to: Address; data: `0x${string}`; value: bigint }) {
  try {
    const [gas, price] = await Promise.all([
      ctx.client.estimateGas({ account: tx.from, to: tx.to, data: tx.data, value: tx.value }),
      ctx.client.getGasPrice(),
    ]);
    // A limit, not the bare estimate: integrators send it as is (src/chain/gas-margin.ts).
    return { gas: withGasMargin(gas).toString(), gasPrice: price.toString() };
  } catch (err) {
    throw new ApiError(400, "ESTIMATE_FAILED", describeWalletError(err).message);
  }
}

export async function buildApprove(ctx: Ctx, user: Address, from: Token, to: Token, amount: bigint) {
  if (from.isNative)
    throw badRequest(`${from.symbol} is the native coin: it needs no approval`, "NATIVE_TOKEN");
  if (from.id === to.id) throw badRequest("Choose two different tokens", "NO_ROUTE");
  if (from.poolAddress.toLowerCase() === to.poolAddress.toLowerCase()) {
    throw badRequest(`Unwrapping ${from.symbol} needs no approval`, "NO_APPROVAL_NEEDED");
  }
  const spender = ctx.deployment.contracts.router.address;
  const tx = { from: user, to: from.address, data: buildApproveData(spender, amount), value: 0n };
  return {
    tx: { from: user, to: from.address, data: tx.data, value: "0", eip155: await estimate(ctx, tx) },
    spender,
    amount: amount.toString(),
  };
}

export async function buildTransaction(
  ctx: Ctx,
  args: {
    user: Address;
    from: Token;
    to: Token;
    side: Side;
    amount: bigint;
    slippageBps: number;
    deadline?: number;
    disableEstimate?: boolean;
  },
) {
  const q = await quote(ctx, args.from, args.to, args.side, args.amount);
  const c = {
    router: ctx.deployment.contracts.router.address,
    wrappedNative: ctx.deployment.contracts.wrappedNative.address,
  };
  const deadline = args.deadline !== undefined ? BigInt(args.deadline) : deadlineFromNow();
  const call = buildSwapCall(q, c, { recipient: args.user, slippageBps: args.slippageBps, deadline });
  const tx = { from: args.user, to: call.to, data: call.data, value: call.value };
  const eip155 = args.disableEstimate ? undefined : await estimate(ctx, tx);
  const approval = approvalFor(q, c, args.slippageBps);
  return {
    tx: {
      from: args.user,
      to: call.to,
      data: call.data,
      amount: call.value.toString(),
      value: call.value.toString(),
      eip155,
    },
    functionName: call.functionName,
    deadline: deadline.toString(),
    approval: approval
      ? {
          token: caipAddress(ctx.deployment.chainId, approval.token),
          spender: approval.spender,
          amount: approval.amount.toString(),
        }
      : null,
    quote: quoteEntry(ctx, q, args.slippageBps),
  };
}

type Priced = { name: string; symbol: string; caip: string; address: Address; icon: Token["id"] | "lp" };

/** A listed token or a deployed pool's LP token (priced as pool value / supply). */
function resolvePriced(ctx: Ctx, value: string, field: string): Priced {
  const parsed = parseCaipAddress(value);
  if (parsed.ok && parsed.chainId === ctx.deployment.chainId) {
    for (const [key, address] of Object.entries(ctx.deployment.pairs)) {
      if (address.toLowerCase() === parsed.address.toLowerCase()) {
        return {
          name: `${key} LP`,
          symbol: "AMM-LP",
          caip: caipAddress(ctx.deployment.chainId, address),
          address,
          icon: "lp",
        };
      }
    }
  }
  const t = resolveToken(ctx, value, field);
  return { name: t.name, symbol: t.symbol, caip: t.caip, address: t.address, icon: t.id };
}

export async function fungiblePrices(ctx: Ctx, addresses: string[]) {
  const items = addresses.map((a, i) => resolvePriced(ctx, a, `addresses.${i}`));
  const prices = await getPrices(ctx.deployment);
  return {
    fungibles: items.map((t) => ({
      name: t.name,
      symbol: t.symbol,
      address: t.caip,
      iconUrl: tokenIconDataUri(t.icon),
      price: prices.get(t.address.toLowerCase()) ?? 0,
    })),
  };
}
