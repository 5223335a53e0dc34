import { type ApiError, serviceUnavailable } from "@/server/errors";
import { logger } from "@/server/logger";
import { rpcErrorForLog } from "@/server/rpc-error";

/**
 * The answer when a check needs the testnet and it cannot be read: 503, so the operator retries
 * instead of changing what they asked for (an RPC that is down says nothing about it).
 */
export function testnetUnreachable(
  err: unknown,
  toCheck: string,
  context: Record<string, unknown>,
): ApiError {
  logger.warn(
    { err: rpcErrorForLog(err), ...context },
    `airdrop: could not read the testnet to check ${toCheck}`,
  );
  return serviceUnavailable(`Could not read the testnet to check ${toCheck}: try again in a moment.`);
}
