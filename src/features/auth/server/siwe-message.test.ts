import { ParsedMessage } from "@spruceid/siwe-parser";
import fc from "fast-check";
import { createSiweMessage } from "viem/siwe";
import { describe, expect, it } from "vitest";
import { parseSiweMessageStrict, SiweSyntaxError, serializeSiweMessage } from "./siwe-message";

const ADDR = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2";

// The EIP-4361 specification's own example message.
const EIP_EXAMPLE = `example.com wants you to sign in with your Ethereum account:
${ADDR}

I accept the ExampleOrg Terms of Service: https://example.com/tos

URI: https://example.com/login
Version: 1
Chain ID: 1
Nonce: 32891756
Issued At: 2021-09-30T16:25:24Z
Resources:
- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/
- https://example.com/my-web2-claim.json`;

/** Builds a message line by line, so each invalid case is one visible edit of a valid one. */
function msg(lines: string[]): string {
  return lines.join("\n");
}

const BASE = [
  "localhost:3000 wants you to sign in with your Ethereum account:",
  ADDR,
  "",
  "Sign in to Aurum. This request will not trigger a blockchain transaction or cost any fees.",
  "",
  "URI: http://localhost:3000",
  "Version: 1",
  "Chain ID: 99199",
  "Nonce: 0123456789abcdef0123456789abcdef",
  "Issued At: 2026-11-24T01:00:00.000Z",
  "Expiration Time: 2026-11-24T01:10:00.000Z",
];
const edit = (f: (l: string[]) => string[]) => msg(f([...BASE]));
const replace = (index: number, line: string) => edit((l) => l.map((x, i) => (i === index ? line : x)));
const remove = (index: number) => edit((l) => l.filter((_, i) => i !== index));
const insert = (index: number, line: string) => edit((l) => [...l.slice(0, index), line, ...l.slice(index)]);

const VALID: Record<string, string> = {
  "the EIP's example": EIP_EXAMPLE,
  "the EIP's example with a scheme": EIP_EXAMPLE.replace("example.com wants", "https://example.com wants"),
  "the EIP's example with a port": EIP_EXAMPLE.replace("example.com wants", "example.com:3388 wants"),
  "the EIP's example without optional fields": msg([
    "example.com wants you to sign in with your Ethereum account:",
    ADDR,
    "",
    "",
    "URI: https://example.com/login",
    "Version: 1",
    "Chain ID: 1",
    "Nonce: 32891756",
    "Issued At: 2021-09-30T16:25:24Z",
  ]),
  "the EIP's empty statement": msg([
    "example.com wants you to sign in with your Ethereum account:",
    ADDR,
    "",
    "",
    "",
    "URI: https://example.com/login",
    "Version: 1",
    "Chain ID: 1",
    "Nonce: 32891756",
    "Issued At: 2021-09-30T16:25:24Z",
  ]),
  "what the modal signs": msg(BASE),
  "all optional fields": msg([
    ...BASE,
    "Not Before: 2026-11-24T01:00:00Z",
    "Request ID: some_id-1",
    "Resources:",
    "- https://example.com/a",
  ]),
  "an empty request id": msg([...BASE, "Request ID: "]),
  "an empty resource list": msg([...BASE, "Resources:"]),
  "a time-zone offset": replace(9, "Issued At: 2026-11-24T03:00:00+02:00"),
  "an IPv6 host": msg([
    "[::1]:3000 wants you to sign in with your Ethereum account:",
    ...BASE.slice(1, 5),
    "URI: http://[::1]:3000/",
    ...BASE.slice(6),
  ]),
};

const INVALID: Record<string, string> = {
  "an extra line at the end": `${msg(BASE)}\n`,
  "an extra unknown line": insert(10, "Foo: bar"),
  "an extra line before the text": `\n${msg(BASE)}`,
  "a missing Version line": remove(6),
  "a missing Nonce line": remove(8),
  "a missing blank line after the address": remove(2),
  "a missing Issued At line": remove(9),
  "fields out of order (Chain ID before Version)": edit((l) => [
    ...l.slice(0, 6),
    l[7]!,
    l[6]!,
    ...l.slice(8),
  ]),
  "Not Before written before Expiration Time": msg([
    ...BASE.slice(0, 10),
    "Not Before: 2026-11-24T01:00:00Z",
    "Expiration Time: 2026-11-24T00:59:00Z",
  ]),
  "a duplicated field (Nonce twice)": insert(9, "Nonce: 0123456789abcdef0123456789abcdef"),
  "a duplicated Expiration Time": msg([...BASE, "Expiration Time: 2030-01-01T00:00:00Z"]),
  "a bad version": replace(6, "Version: 2"),
  "a bad chain id": replace(7, "Chain ID: 0x1"),
  "an empty chain id": replace(7, "Chain ID: "),
  "a negative chain id": replace(7, "Chain ID: -1"),
  "CRLF line ends": msg(BASE).replace(/\n/g, "\r\n"),
  "trailing whitespace after a value": replace(8, "Nonce: 0123456789abcdef0123456789abcdef "),
  "trailing whitespace after the preamble": replace(0, `${BASE[0]} `),
  "leading whitespace": ` ${msg(BASE)}`,
  "a lower-case (not EIP-55) address": replace(1, ADDR.toLowerCase()),
  "a short address": replace(1, ADDR.slice(0, 41)),
  "a nonce shorter than 8": replace(8, "Nonce: abc1234"),
  "a nonce with punctuation": replace(8, "Nonce: abcd-1234"),
  "an impossible date": replace(9, "Issued At: 2026-02-30T00:00:00Z"),
  "a date without time zone": replace(9, "Issued At: 2026-11-24T01:00:00"),
  "a URI that is not a URI": replace(5, "URI: not a uri"),
  "a resource without its dash": msg([...BASE, "Resources:", "https://example.com/a"]),
  "an empty domain": replace(0, " wants you to sign in with your Ethereum account:"),
  "a statement with a double quote": replace(3, 'Sign in to "Aurum"'),
  "a field name in lower case": replace(6, "version: 1"),
  "a missing space after the colon": replace(7, "Chain ID:99199"),
  "an unknown preamble": replace(0, "localhost:3000 wants you to sign in with your account:"),
  "a NUL byte": replace(3, "Sign in\u0000"),
};

function referenceAccepts(text: string): boolean {
  try {
    new ParsedMessage(text);
    return true;
  } catch {
    return false;
  }
}

function oursAccepts(text: string): boolean {
  try {
    parseSiweMessageStrict(text);
    return true;
  } catch (err) {
    expect(err).toBeInstanceOf(SiweSyntaxError);
    return false;
  }
}

describe("strict EIP-4361 parser", () => {
  it.each(Object.entries(VALID))("accepts %s, like the reference parser", (_name, text) => {
    expect(referenceAccepts(text)).toBe(true);
    expect(oursAccepts(text)).toBe(true);
    expect(serializeSiweMessage(parseSiweMessageStrict(text))).toBe(text);
  });

  it.each(Object.entries(INVALID))("refuses %s, like the reference parser", (_name, text) => {
    expect(referenceAccepts(text)).toBe(false);
    expect(oursAccepts(text)).toBe(false);
  });

  it("reads the fields as signed", () => {
    const f = parseSiweMessageStrict(EIP_EXAMPLE);
    expect(f).toMatchObject({
      domain: "example.com",
      address: ADDR,
      statement: "I accept the ExampleOrg Terms of Service: https://example.com/tos",
      uri: "https://example.com/login",
      chainId: "1",
      nonce: "32891756",
      issuedAt: "2021-09-30T16:25:24Z",
      resources: [
        "ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/",
        "https://example.com/my-web2-claim.json",
      ],
    });
    expect(f.scheme).toBeUndefined();
    expect(f.expirationTime).toBeUndefined();
  });

  // Where the reference parser is laxer than the EIP (RFC 3339 `date-time` in the EIP's ABNF uses
  // upper-case "T"/"Z" in every example and RFC 3339 §5.6 lets applications require them), or than
  // the time checks can afford (a leap second has no JavaScript instant: isDateTime).
  it.each([
    ["a lower-case 't' in a date", replace(9, "Issued At: 2026-11-24t01:00:00Z")],
    ["a lower-case 'z' in a date", replace(9, "Issued At: 2026-11-24T01:00:00z")],
    ["a leap second", replace(9, "Issued At: 2016-12-31T23:59:60Z")],
    // EIP-155 chain ids are numbers; one spelling each, so "099199" is not a second way to sign in.
    ["a chain id with a leading zero", replace(7, "Chain ID: 099199")],
    ["chain id 0", replace(7, "Chain ID: 0")],
  ])("is stricter than the reference: refuses %s", (_name, text) => {
    expect(referenceAccepts(text)).toBe(true);
    expect(oursAccepts(text)).toBe(false);
  });

  it("accepts what viem writes for the modal, with and without a statement", () => {
    for (const statement of [undefined, "Sign in to Aurum."]) {
      const text = createSiweMessage({
        address: ADDR,
        chainId: 56,
        domain: "portal.example.org",
        nonce: "abcdef0123456789",
        uri: "https://portal.example.org",
        version: "1",
        issuedAt: new Date("2026-11-24T01:00:00.000Z"),
        statement,
      });
      expect(referenceAccepts(text)).toBe(true);
      expect(oursAccepts(text)).toBe(true);
    }
  });

  it("is never laxer than the reference: random line edits it refuses, we refuse too", () => {
    const mutation = fc.oneof(
      fc.record({ op: fc.constant("delete" as const), at: fc.nat(11) }),
      fc.record({ op: fc.constant("duplicate" as const), at: fc.nat(11) }),
      fc.record({ op: fc.constant("swap" as const), at: fc.nat(11) }),
      fc.record({
        op: fc.constant("char" as const),
        at: fc.nat(11),
        pos: fc.nat(80),
        ch: fc.constantFrom(" ", "\t", "\r", "\n", ":", "%", "0", "x", "Z"),
      }),
    );
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), (edits) => {
        const lines = [...BASE];
        for (const e of edits) {
          const at = e.at % lines.length;
          if (e.op === "delete") lines.splice(at, 1);
          else if (e.op === "duplicate") lines.splice(at, 0, lines[at] ?? "");
          else if (e.op === "swap" && at + 1 < lines.length)
            [lines[at], lines[at + 1]] = [lines[at + 1]!, lines[at]!];
          else if (e.op === "char") {
            const line = lines[at] ?? "";
            const pos = e.pos % (line.length + 1);
            lines[at] = line.slice(0, pos) + e.ch + line.slice(pos);
          }
        }
        const text = lines.join("\n");
        if (oursAccepts(text)) {
          expect(referenceAccepts(text)).toBe(true);
          expect(serializeSiweMessage(parseSiweMessageStrict(text))).toBe(text);
        }
      }),
      { numRuns: 1500, seed: 4361 },
    );
  }, 60_000);
});
