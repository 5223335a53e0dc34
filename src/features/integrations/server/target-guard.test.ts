import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { decodeKept } from "./post";
import {
  assertLiteralAllowed,
  BlockedTargetError,
  guardedLookup,
  hostOf,
  nonPublicRange,
  registrationRefusal,
} from "./target-guard";

/** A resolver from a fixed table (no DNS); an unknown name fails like getaddrinfo's ENOTFOUND. */
const table =
  (names: Record<string, string[]>) =>
  async (host: string): Promise<LookupAddress[]> => {
    const list = names[host];
    if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return list.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

describe("nonPublicRange", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.1.2", "loopback"],
    ["0.0.0.0", "unspecified"],
    ["10.0.0.5", "private"],
    ["172.16.3.4", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["192.0.2.10", "reserved"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["fe80::1", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456::1", "uniqueLocal"],
    ["fec0::1", "deprecatedSiteLocal"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "reserved"],
    ["::7f00:1", "reserved"], // IPv4-compatible ::127.0.0.1: outside 2000::/3
  ])("refuses %s (%s)", (address, range) => {
    expect(nonPublicRange(address)).toBe(range);
  });

  it("judges IPv4-mapped IPv6 by the IPv4 address it carries", () => {
    expect(nonPublicRange("::ffff:127.0.0.1")).toBe("loopback");
    expect(nonPublicRange("::ffff:a9fe:a9fe")).toBe("linkLocal");
    expect(nonPublicRange("::ffff:10.1.2.3")).toBe("private");
    expect(nonPublicRange("::ffff:8.8.8.8")).toBeNull();
  });

  it("judges NAT64 (64:ff9b::/96) by the IPv4 address it carries", () => {
    expect(nonPublicRange("64:ff9b::7f00:1")).toBe("loopback");
    expect(nonPublicRange("64:ff9b::169.254.169.254")).toBe("linkLocal");
    expect(nonPublicRange("64:ff9b::808:808")).toBeNull();
    expect(nonPublicRange("64:ff9b:1::a00:1")).toBe("rfc6052"); // local-use NAT64: refused whole
  });

  it("accepts public unicast addresses", () => {
    for (const a of ["8.8.8.8", "93.184.215.14", "1.1.1.1", "2606:4700:4700::1111", "2a00:1450:4001::200e"])
      expect(nonPublicRange(a)).toBeNull();
  });

  it("calls anything that is not an address invalid", () => {
    expect(nonPublicRange("example.org")).toBe("invalid");
  });
});

describe("hostOf", () => {
  it("drops IPv6 brackets and a trailing dot, and reads numeric IPv4 forms as the URL parser does", () => {
    expect(hostOf("http://[::1]:8545/")).toBe("::1");
    expect(hostOf("https://Hooks.Example.org./x")).toBe("hooks.example.org");
    expect(hostOf("http://2130706433/")).toBe("127.0.0.1");
    expect(hostOf("http://0x7f.1/")).toBe("127.0.0.1");
  });
});

describe("registrationRefusal", () => {
  const resolve = table({
    "public.test": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
    "internal.test": ["10.0.0.7"],
    "mixed.test": ["93.184.215.14", "127.0.0.1"],
    "metadata.test": ["::ffff:169.254.169.254"],
  });
  const refusal = (url: string, allowPrivate = false) => registrationRefusal(url, { allowPrivate, resolve });

  it("refuses IP literals in non-public ranges and localhost names, without asking DNS", async () => {
    const none = async () => {
      throw new Error("DNS must not be asked");
    };
    for (const url of [
      "http://127.0.0.1:6379/",
      "http://[::1]/",
      "http://[::ffff:7f00:1]/",
      "http://10.0.0.5/",
    ])
      expect(await registrationRefusal(url, { allowPrivate: false, resolve: none })).toMatch(
        / is a \w+ address$/,
      );
    expect(await registrationRefusal("http://localhost:3000/", { allowPrivate: false, resolve: none })).toBe(
      "localhost is this machine (loopback)",
    );
    expect(
      await registrationRefusal("http://a.b.localhost/", { allowPrivate: false, resolve: none }),
    ).toMatch(/loopback/);
    expect(
      await registrationRefusal("https://8.8.8.8/hook", { allowPrivate: false, resolve: none }),
    ).toBeNull();
  });

  it("refuses a name when any address it resolves to is not public", async () => {
    expect(await refusal("https://internal.test/hook")).toBe(
      "internal.test resolves to 10.0.0.7, a private address",
    );
    expect(await refusal("https://mixed.test/hook")).toBe(
      "mixed.test resolves to 127.0.0.1, a loopback address",
    );
    expect(await refusal("https://metadata.test/")).toMatch(/a linkLocal address$/);
    expect(await refusal("https://public.test/hook")).toBeNull();
  });

  it("accepts a name that does not resolve yet (the worker checks again when it connects)", async () => {
    expect(await refusal("https://not-live-yet.test/hook")).toBeNull();
  });

  it("accepts everything when private targets are allowed", async () => {
    expect(await refusal("http://127.0.0.1:9/", true)).toBeNull();
    expect(await refusal("https://internal.test/", true)).toBeNull();
  });
});

describe("assertLiteralAllowed", () => {
  it("throws a BlockedTargetError naming the range, unless private targets are allowed", () => {
    expect(() => assertLiteralAllowed("http://169.254.169.254/", false)).toThrow(BlockedTargetError);
    expect(() => assertLiteralAllowed("http://169.254.169.254/", false)).toThrow(
      /^refused: 169\.254\.169\.254 is a linkLocal address/,
    );
    expect(() => assertLiteralAllowed("http://127.0.0.1/", true)).not.toThrow();
    expect(() => assertLiteralAllowed("https://hooks.example.org/", false)).not.toThrow();
  });
});

describe("guardedLookup", () => {
  const resolve = table({
    "public.test": ["93.184.215.14", "2606:4700:4700::1111"],
    "rebound.test": ["93.184.215.14", "::1"],
    "local.test": ["127.0.0.1"],
  });
  type Answer = { err: NodeJS.ErrnoException | null; address: unknown; family?: number };
  const lookup = (host: string, options: { all?: boolean; family?: number }, allowPrivate = false) =>
    new Promise<Answer>((done) =>
      guardedLookup(resolve, allowPrivate)(host, options, (err, address, family) =>
        done({ err, address, family }),
      ),
    );

  it("answers every checked address when Node asks for all (Happy Eyeballs)", async () => {
    const { err, address } = await lookup("public.test", { all: true });
    expect(err).toBeNull();
    expect(address).toEqual([
      { address: "93.184.215.14", family: 4 },
      { address: "2606:4700:4700::1111", family: 6 },
    ]);
  });

  it("answers the first address of the family asked for otherwise", async () => {
    expect(await lookup("public.test", {})).toEqual({ err: null, address: "93.184.215.14", family: 4 });
    expect(await lookup("public.test", { family: 6 })).toEqual({
      err: null,
      address: "2606:4700:4700::1111",
      family: 6,
    });
  });

  it("refuses a name when any of its addresses is not public, before any connection", async () => {
    const { err } = await lookup("rebound.test", { all: true });
    expect(err).toBeInstanceOf(BlockedTargetError);
    expect(err?.message).toMatch(/^refused: rebound\.test resolves to ::1, a loopback address/);
    expect((await lookup("local.test", {})).err).toBeInstanceOf(BlockedTargetError);
  });

  it("lets private addresses through when allowed, and passes resolver errors on", async () => {
    expect(await lookup("local.test", {}, true)).toEqual({ err: null, address: "127.0.0.1", family: 4 });
    expect((await lookup("missing.test", {})).err?.message).toMatch(/ENOTFOUND/);
    expect((await lookup("public.test", { family: 4 }, true)).address).toBe("93.184.215.14");
  });
});

describe("decodeKept", () => {
  it("keeps whole UTF-8 characters only and drops NUL", () => {
    const bytes = new TextEncoder().encode("aé€😀");
    expect(decodeKept(bytes.subarray(0, 2))).toBe("a"); // half of "é"
    expect(decodeKept(bytes.subarray(0, 5))).toBe("aé"); // two thirds of "€"
    expect(decodeKept(bytes)).toBe("aé€😀");
    expect(decodeKept(new Uint8Array([111, 0, 107]))).toBe("ok");
  });
});
