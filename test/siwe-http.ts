import type { Hex, LocalAccount } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { SESSION_COOKIE_NAMES } from "../src/features/auth/session-cookie";

/**
 * Signs in over HTTP exactly as the wallet modal does (nonce, EIP-4361 message, personal_sign,
 * verify) and returns the session cookie pair (`aurum_session=…`, or `__Host-aurum_session=…` when
 * the site's cookies are Secure). `publicUrl` is the site's PUBLIC_URL (the
 * message's domain and the Origin header); `base` is where the request actually goes.
 */
export async function signInOverHttp(
  base: string,
  publicUrl: string,
  /** `fetch`: how requests travel (default the global fetch; the contract test calls the handlers). */
  opts: { privateKey?: Hex; account?: LocalAccount; chainId?: number; fetch?: typeof fetch } = {},
): Promise<{ cookie: string; address: string }> {
  const send = opts.fetch ?? fetch;
  const account = opts.account ?? privateKeyToAccount(opts.privateKey ?? generatePrivateKey());
  const nonceRes = await send(`${base}/api/auth/nonce`);
  if (nonceRes.status !== 200) throw new Error(`nonce: HTTP ${nonceRes.status}`);
  const { nonce } = (await nonceRes.json()) as { nonce: string };
  const message = createSiweMessage({
    address: account.address,
    chainId: opts.chainId ?? Number(process.env.TESTNET_CHAIN_ID ?? 99199),
    domain: new URL(publicUrl).host,
    nonce,
    uri: publicUrl,
    version: "1",
    issuedAt: new Date(),
    statement: "Sign in to Aurum.",
  });
  const res = await send(`${base}/api/auth/verify`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: publicUrl },
    body: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
  });
  if (res.status !== 200) throw new Error(`sign-in: HTTP ${res.status} ${await res.text()}`);
  // The one that is set; sign-in also clears the session cookie's other name (`name=; Max-Age=0`).
  const line = res.headers
    .getSetCookie()
    .find((c) => SESSION_COOKIE_NAMES.some((name) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`)));
  if (!line) throw new Error("sign-in: no session cookie");
  return { cookie: line.split(";")[0]!, address: account.address };
}

/**
 * The `name=value` pair signInOverHttp returns as a browser cookie for `url` (Playwright's
 * `addCookies`), set as the server sets it: httpOnly, SameSite=Lax.
 */
export function browserCookie(pair: string, url: string) {
  const eq = pair.indexOf("=");
  return {
    name: pair.slice(0, eq),
    value: pair.slice(eq + 1),
    url,
    httpOnly: true,
    sameSite: "Lax" as const,
  };
}
