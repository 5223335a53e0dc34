import { clientIpKnowable } from "./client-ip";
import { config } from "./config";
import { logger } from "./logger";

/**
 * Says at start-up when no request can carry a client address (`next start` with no proxy
 * configured): the per-client limits then count every visitor as one client (route.ts rateSubject),
 * so the first busy minute would refuse everyone's sign-in. `npm start` (scripts/serve.ts) never
 * gets here.
 */
export function warnIfClientIpUnknown(): void {
  if (process.env.NODE_ENV !== "production") return;
  if (clientIpKnowable(config().TRUST_PROXY_HOPS)) return;
  logger.warn(
    "client addresses are unknown: serve with `npm start` (scripts/serve.ts), or set TRUST_PROXY_HOPS to the number of proxies in front; until then every per-client limit counts all visitors as one client",
  );
}
