import { isIPv6 } from "node:net";
import { getAddress } from "viem";

/**
 * A strict EIP-4361 (Sign-In with Ethereum) message parser. It accepts a text only when it is
 * exactly a message of the EIP's ABNF: every line in its place, nothing before, between or after,
 * LF line ends, each field in its own syntax. A wallet shows any other text as a plain message,
 * without its "sign in to another site" warning, so such a signature proves nothing here.
 *
 * Parsing keeps each field as the exact text signed; `serializeSiweMessage` rebuilds the message
 * from them and `parseSiweMessageStrict` refuses any text that does not rebuild byte for byte,
 * so no part of the signed text can go unread. Differences from the reference parser
 * (`@spruceid/siwe-parser`, where it is laxer than the EIP) are listed in siwe-message.test.ts.
 */

export type SiweFields = {
  scheme?: string;
  domain: string;
  address: string;
  /** `undefined`: no statement line; `""`: the EIP's empty statement. */
  statement?: string;
  uri: string;
  version: "1";
  chainId: string;
  nonce: string;
  issuedAt: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources?: string[];
};

// RFC 3986 building blocks, as character classes.
const UNRESERVED = "A-Za-z0-9\\-._~";
const SUB_DELIMS = "!$&'()*+,;=";
const PCT = "%[0-9A-Fa-f]{2}";
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})`;
const USERINFO = `(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT})*`;
const REG_NAME = `(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT})*`;
const IP_LITERAL = "\\[[0-9A-Za-z:.]+\\]";
const HOST = `(?:${IP_LITERAL}|${REG_NAME})`;
const AUTHORITY = `(?:${USERINFO}@)?${HOST}(?::[0-9]*)?`;
const SEGMENT = `${PCHAR}*`;
const SEGMENT_NZ = `${PCHAR}+`;
const HIER_PART = `(?://${AUTHORITY}(?:/${SEGMENT})*|/(?:${SEGMENT_NZ}(?:/${SEGMENT})*)?|${SEGMENT_NZ}(?:/${SEGMENT})*|)`;
const QUERY = `(?:${PCHAR}|[/?])*`;
const SCHEME = "[A-Za-z][A-Za-z0-9+\\-.]*";
const URI = new RegExp(`^${SCHEME}:${HIER_PART}(?:\\?${QUERY})?(?:#${QUERY})?$`);
const DOMAIN = new RegExp(`^${AUTHORITY}$`);
const SCHEME_RE = new RegExp(`^${SCHEME}$`);
// EIP-4361: statement = *( reserved / unreserved / " " ): printable ASCII without " % < > \ ^ ` { | }.
const STATEMENT = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]*$/;
const REQUEST_ID = new RegExp(`^${PCHAR}*$`);
const NONCE = /^[A-Za-z0-9]{8,}$/;
// A decimal chain id without leading zeros (EIP-155 ids start at 1): one spelling per chain.
const CHAIN_ID = /^[1-9][0-9]*$/;
// RFC 3339 date-time, upper-case "T" and "Z" as every wallet and library writes them.
const DATE_TIME =
  /^([0-9]{4})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9]|60)(\.[0-9]+)?(Z|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$/;

const HEADER_SUFFIX = " wants you to sign in with your Ethereum account:";

export class SiweSyntaxError extends Error {
  override name = "SiweSyntaxError";
}

/** True for a URI of RFC 3986 (absolute, with a scheme), with a well-formed IPv6 literal if any. */
export function isUri(text: string): boolean {
  if (!URI.test(text)) return false;
  const literal = /^[A-Za-z][A-Za-z0-9+\-.]*:\/\/(?:[^@/?#]*@)?\[([^\]]*)\]/.exec(text);
  return !literal?.[1] || isIpLiteral(literal[1]);
}

function isIpLiteral(inner: string): boolean {
  return isIPv6(inner) || /^v[0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+$/.test(inner);
}

function isDomain(text: string): boolean {
  if (text.length === 0 || !DOMAIN.test(text)) return false;
  const literal = /^(?:[^@]*@)?\[([^\]]*)\]/.exec(text);
  return !literal?.[1] || isIpLiteral(literal[1]);
}

/**
 * RFC 3339 syntax, a real calendar day (no 31 April, no 29 February 2023) and an instant JavaScript
 * can place: second 60 (a leap second) is refused, since `new Date("…:60Z")` is an Invalid Date
 * and every Issued At / Expiration Time / Not Before comparison with it would be false, so a
 * message that expired would pass. No wallet writes one (they use toISOString()).
 */
export function isDateTime(text: string): boolean {
  const m = DATE_TIME.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days && Number.isFinite(Date.parse(text));
}

function isEip55(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  return getAddress(address) === address;
}

/** The message text for the fields, in the EIP's exact layout. */
export function serializeSiweMessage(f: SiweFields): string {
  const lines = [
    `${f.scheme ? `${f.scheme}://` : ""}${f.domain}${HEADER_SUFFIX}`,
    f.address,
    "",
    ...(f.statement === undefined ? [""] : [f.statement, ""]),
    `URI: ${f.uri}`,
    `Version: ${f.version}`,
    `Chain ID: ${f.chainId}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${f.issuedAt}`,
  ];
  if (f.expirationTime !== undefined) lines.push(`Expiration Time: ${f.expirationTime}`);
  if (f.notBefore !== undefined) lines.push(`Not Before: ${f.notBefore}`);
  if (f.requestId !== undefined) lines.push(`Request ID: ${f.requestId}`);
  if (f.resources !== undefined) lines.push("Resources:", ...f.resources.map((r) => `- ${r}`));
  return lines.join("\n");
}

/** Reads one `Name: value` line at `lines[i]`, or undefined when that line is not this field. */
function field(lines: string[], i: number, name: string): string | undefined {
  const line = lines[i];
  return line?.startsWith(`${name}: `) ? line.slice(name.length + 2) : undefined;
}

function fail(what: string): never {
  throw new SiweSyntaxError(what);
}

/** Parses an EIP-4361 message, or throws a SiweSyntaxError naming the first thing wrong. */
export function parseSiweMessageStrict(text: string): SiweFields {
  if (text.includes("\r")) fail("line ends must be LF only");
  const lines = text.split("\n");
  let i = 0;

  const header = lines[i++] ?? "";
  if (!header.endsWith(HEADER_SUFFIX)) fail("the first line must end with the EIP-4361 preamble");
  let authority = header.slice(0, -HEADER_SUFFIX.length);
  let scheme: string | undefined;
  const sep = authority.indexOf("://");
  if (sep >= 0) {
    scheme = authority.slice(0, sep);
    authority = authority.slice(sep + 3);
    if (!SCHEME_RE.test(scheme)) fail("invalid scheme");
  }
  if (!isDomain(authority)) fail("invalid domain");

  const address = lines[i++] ?? "";
  if (!isEip55(address)) fail("the address must be EIP-55 checksummed");
  if (lines[i++] !== "") fail("an empty line must follow the address");

  let statement: string | undefined;
  if (lines[i] === "") {
    // No statement: the empty line is the separator before URI. Or the EIP's empty statement.
    i++;
    if (lines[i] === "") {
      statement = "";
      i++;
    }
  } else {
    statement = lines[i++] ?? "";
    if (statement === "" || !STATEMENT.test(statement)) fail("invalid statement");
    if (lines[i++] !== "") fail("an empty line must follow the statement");
  }

  const uri = field(lines, i++, "URI") ?? fail("URI expected");
  if (!isUri(uri)) fail("invalid URI");
  const version = field(lines, i++, "Version") ?? fail("Version expected");
  if (version !== "1") fail("Version must be 1");
  const chainId = field(lines, i++, "Chain ID") ?? fail("Chain ID expected");
  if (!CHAIN_ID.test(chainId)) fail("invalid Chain ID");
  const nonce = field(lines, i++, "Nonce") ?? fail("Nonce expected");
  if (!NONCE.test(nonce)) fail("the nonce must be at least 8 letters or digits");
  const issuedAt = field(lines, i++, "Issued At") ?? fail("Issued At expected");
  if (!isDateTime(issuedAt)) fail("invalid Issued At");

  const fields: SiweFields = {
    scheme,
    domain: authority,
    address,
    statement,
    uri,
    version,
    chainId,
    nonce,
    issuedAt,
  };
  const expirationTime = field(lines, i, "Expiration Time");
  if (expirationTime !== undefined) {
    if (!isDateTime(expirationTime)) fail("invalid Expiration Time");
    fields.expirationTime = expirationTime;
    i++;
  }
  const notBefore = field(lines, i, "Not Before");
  if (notBefore !== undefined) {
    if (!isDateTime(notBefore)) fail("invalid Not Before");
    fields.notBefore = notBefore;
    i++;
  }
  // `Request ID: ` with nothing after it is an empty request id (the ABNF allows *pchar).
  const requestId = field(lines, i, "Request ID");
  if (requestId !== undefined) {
    if (!REQUEST_ID.test(requestId)) fail("invalid Request ID");
    fields.requestId = requestId;
    i++;
  }
  if (lines[i] === "Resources:") {
    i++;
    fields.resources = [];
    while (i < lines.length) {
      const line = lines[i++] ?? "";
      if (!line.startsWith("- ") || !isUri(line.slice(2))) fail("each resource must be '- ' and a URI");
      fields.resources.push(line.slice(2));
    }
  }
  if (i !== lines.length) fail(`unexpected line ${i + 1}`);
  // Belt and braces: nothing the parser skipped may hide in the signed text.
  if (serializeSiweMessage(fields) !== text) fail("the message is not in the EIP-4361 layout");
  return fields;
}
