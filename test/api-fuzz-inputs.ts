import fc from "fast-check";

/**
 * The malformed requests of test/api-fuzz.int.test.ts (issue 10): hostile strings, wrong types,
 * huge and deep JSON, invalid UTF-8, bad %-encodings, NUL and lone surrogates.
 */

/** Strings a client should never be able to turn into a 5xx. */
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\ud800",
    "x\udfffy",
    "\ud83d",
    "%",
    "%zz",
    "%25zz",
    "%E0%A4%A",
    "%C0%AF",
    "%00",
    "\u202e\u2028\u2029",
    "\u0001\u001f\u007f",
    "0x",
    "0xZZ",
    "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    "0xF39fd6e51aad88F6F4ce6aB8827279cffFb92266",
    "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266",
    "eip155:99199:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    "eip155:99199:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE",
    "eip155:1:0x0000000000000000000000000000000000000000",
    "eip155:",
    "-1",
    "1e309",
    "NaN",
    "Infinity",
    "115792089237316195423570985008687907853269984665640564039457584007913129639936",
    "99999999999999999999999999999999999999999999999999999999999999999999999999999999",
    "exactOut",
    "usd",
    "../../etc/passwd",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "__proto__",
    "constructor",
    "00000000-0000-0000-0000-000000000000",
    "ABCDEFGH",
    "true",
  ),
  fc.string({ minLength: 1_000, maxLength: 5_000 }),
);

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.bigInt().map((n) => Number(n)),
  fc.constantFrom(null, true, false, 0, -0, 1e308, -1, Number.MAX_SAFE_INTEGER + 2),
);

/** Field names the API's schemas read, so wrong types reach the validators and not only "missing". */
const FIELDS = [
  "amount",
  "from",
  "to",
  "userAddress",
  "side",
  "eip155",
  "slippage",
  "deadline",
  "disableEstimate",
  "currency",
  "addresses",
  "code",
  "body",
  "subject",
  "message",
  "email",
  "category",
  "txHash",
  "answers",
  "signature",
  "address",
  "nonce",
  "projectId",
  "__proto__",
];

const jsonish: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("v"), { maxLength: 5 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string()), tie("v"), { maxKeys: 6 }),
  ),
})).v;

/** A body shaped like the API's inputs: known fields with wrong, hostile or valid-looking values. */
const shapedBody = fc
  .dictionary(fc.constantFrom(...FIELDS), jsonish, { minKeys: 1, maxKeys: 8 })
  .map((v) => JSON.stringify(v));

type Body = { kind: string; bytes: string | Uint8Array | null };
const body: fc.Arbitrary<Body> = fc.oneof(
  shapedBody.map((b) => ({ kind: "shaped", bytes: b })),
  jsonish.map((v) => ({ kind: "json", bytes: JSON.stringify(v) ?? "null" })),
  fc.string().map((s) => ({ kind: "text", bytes: s })),
  shapedBody.map((b) => ({ kind: "truncated", bytes: b.slice(0, Math.max(1, b.length - 2)) })),
  fc
    .integer({ min: 65, max: 300 })
    .map((kb) => ({ kind: "oversize", bytes: JSON.stringify({ body: "x".repeat(kb * 1024) }) })),
  fc
    .integer({ min: 50, max: 20_000 })
    .map((n) => ({ kind: "deep", bytes: `${"[".repeat(n)}${"]".repeat(n)}` })),
  fc
    .integer({ min: 50, max: 5_000 })
    .map((n) => ({ kind: "deep-object", bytes: `${'{"a":'.repeat(n)}1${"}".repeat(n)}` })),
  fc
    .uint8Array({ minLength: 1, maxLength: 200 })
    .map((b) => ({ kind: "bytes", bytes: Uint8Array.from([0x7b, 0x22, 0xff, 0xfe, ...b]) })),
  fc.constantFrom(
    { kind: "nul", bytes: '{"code":"ABCD\\u0000EFG","body":"a\\u0000b","subject":"\\u0000"}' },
    { kind: "surrogate", bytes: '{"code":"\\ud800","body":"\\udfff","message":"x\\ud83d"}' },
    { kind: "controls", bytes: '{"body":"\\u0001\\u0002\\u001f\\u007f","email":"a@b.c\\r\\nBcc: x"}' },
    { kind: "empty", bytes: "" },
    { kind: "null", bytes: "null" },
    { kind: "number", bytes: "1e999999" },
    { kind: "bom", bytes: "\ufeff{}" },
    { kind: "dup-keys", bytes: '{"code":"ABCDEFGH","code":{"x":1}}' },
  ),
  fc.constant({ kind: "none", bytes: null }),
);

/** Percent-encodes text the way a client could send it; lone surrogates go as raw bad escapes. */
export function encode(s: string): string {
  return encodeURIComponent(s.toWellFormed()).replace(/%EF%BF%BD/g, "%ED%A0%80");
}

const queryPart = fc.oneof(
  fc
    .tuple(
      fc.oneof(
        fc.constantFrom(
          ...FIELDS,
          "limit",
          "cursor",
          "q",
          "page",
          "pageSize",
          "tag",
          "chainId",
          "tokenAddress",
          "forceUpdate",
        ),
        fc.string(),
      ),
      nasty,
    )
    .map(([k, v]) => `${encode(k)}=${encode(v)}`),
  fc.constantFrom(
    "%zz=1",
    "limit=%",
    "cursor=%E0%A4%A",
    "q=%00",
    "a=%C0%AF",
    "=",
    "&&&",
    "limit=1&limit=2",
    "page=1e3",
  ),
);
const query = fc.array(queryPart, { maxLength: 6 }).map((parts) => parts.join("&"));

const HEADER_SAFE = /^[\t\x20-\x7e]*$/;
const headerValue = nasty.map((s) => (HEADER_SAFE.test(s) ? s.slice(0, 200) : "x"));

export const sample = fc.record({
  body,
  query,
  paramValue: nasty,
  withSession: fc.double({ min: 0, max: 1, noNaN: true }).map((x) => x < 0.8),
  sameOrigin: fc.double({ min: 0, max: 1, noNaN: true }).map((x) => x < 0.9),
  contentType: fc.constantFrom(
    "application/json",
    "text/plain",
    "application/x-www-form-urlencoded",
    "",
    "application/json; charset=latin1",
  ),
  idempotencyKey: fc.option(headerValue, { nil: undefined }),
  contentLength: fc.option(fc.constantFrom("0", "-1", "1", "abc", "99999999999"), { nil: undefined }),
});

export type Sample = {
  body: Body;
  query: string;
  paramValue: string;
  withSession: boolean;
  sameOrigin: boolean;
  contentType: string;
  idempotencyKey: string | undefined;
  contentLength: string | undefined;
};
