import { afterEach, describe, expect, it } from "vitest";
import {
  CLIENT_IP_HEADER,
  clientIp,
  clientIpKnowable,
  clientKey,
  HTTP_ENTRY_ENV,
  normalizeIp,
  resolveClientIp,
} from "./client-ip";

const req = (xff?: string) =>
  new Request("http://localhost/", { headers: xff === undefined ? {} : { "x-forwarded-for": xff } });

describe("clientIp", () => {
  it("ignores X-Forwarded-For entirely with 0 hops (it may be forged)", () => {
    expect(clientIp(req("203.0.113.7"), 0)).toBeNull();
    expect(clientIp(req("1.1.1.1, 203.0.113.7"), 0)).toBeNull();
    expect(clientIp(req(), 0)).toBeNull();
  });

  it("takes the N-th entry from the right with N hops", () => {
    const chain = "6.6.6.6, 203.0.113.7, 10.0.0.2, 10.0.0.3";
    expect(clientIp(req(chain), 1)).toBe("10.0.0.3");
    expect(clientIp(req(chain), 2)).toBe("10.0.0.2");
    expect(clientIp(req(chain), 3)).toBe("203.0.113.7");
    expect(clientIp(req(chain), 4)).toBe("6.6.6.6");
  });

  it("does not let a client shift the pick by adding forged entries on the left", () => {
    expect(clientIp(req("203.0.113.7"), 1)).toBe("203.0.113.7");
    expect(clientIp(req("9.9.9.9, 8.8.8.8, 203.0.113.7"), 1)).toBe("203.0.113.7");
  });

  it("uses the leftmost entry when there are fewer entries than hops", () => {
    expect(clientIp(req("203.0.113.7, 10.0.0.2"), 5)).toBe("203.0.113.7");
  });

  it("returns null without the header, for an empty header, or a non-IP entry", () => {
    expect(clientIp(req(), 1)).toBeNull();
    expect(clientIp(req(" , "), 1)).toBeNull();
    expect(clientIp(req("1.2.3.4, unknown"), 1)).toBeNull();
    expect(clientIp(req("1.2.3.4, <script>"), 1)).toBeNull();
  });

  it("handles IPv6 and proxies that add ports", () => {
    expect(clientIp(req("2001:DB8::1"), 1)).toBe("2001:db8::1");
    expect(clientIp(req("[2001:db8::1]:443"), 1)).toBe("2001:db8::1");
    expect(clientIp(req("203.0.113.7:51234"), 1)).toBe("203.0.113.7");
    expect(clientIp(req("::ffff:203.0.113.7"), 1)).toBe("203.0.113.7");
  });
});

describe("clientIp behind the HTTP entry (scripts/serve.ts)", () => {
  afterEach(() => {
    delete process.env[HTTP_ENTRY_ENV];
  });
  const withEntryHeader = (ip: string | null, xff?: string) =>
    new Request("http://localhost/", {
      headers: { ...(ip ? { [CLIENT_IP_HEADER]: ip } : {}), ...(xff ? { "x-forwarded-for": xff } : {}) },
    });

  it("reads the entry's header, and never X-Forwarded-For, when the entry runs", () => {
    process.env[HTTP_ENTRY_ENV] = "1";
    expect(clientIp(withEntryHeader("127.0.0.1", "203.0.113.9"), 0)).toBe("127.0.0.1");
    expect(clientIp(withEntryHeader("::ffff:10.1.2.3"), 0)).toBe("10.1.2.3");
    expect(clientIp(withEntryHeader(null, "203.0.113.9"), 0)).toBeNull();
    expect(clientIp(withEntryHeader("not-an-ip"), 0)).toBeNull();
  });

  it("ignores the header without the entry (anyone could send it to plain `next start`)", () => {
    expect(clientIp(withEntryHeader("127.0.0.1"), 0)).toBeNull();
    expect(clientIp(withEntryHeader("127.0.0.1", "203.0.113.9"), 1)).toBe("203.0.113.9");
  });

  it("knows a client address can be had only through the entry or configured proxies", () => {
    expect(clientIpKnowable(0)).toBe(false);
    expect(clientIpKnowable(1)).toBe(true);
    process.env[HTTP_ENTRY_ENV] = "1";
    expect(clientIpKnowable(0)).toBe(true);
  });
});

describe("resolveClientIp (what the entry decides)", () => {
  it("uses the TCP peer with 0 hops, whatever the client sends", () => {
    expect(resolveClientIp("203.0.113.9", "::ffff:127.0.0.1", 0)).toBe("127.0.0.1");
    expect(resolveClientIp(undefined, "::1", 0)).toBe("::1");
    expect(resolveClientIp("1.1.1.1", undefined, 0)).toBeNull();
  });

  it("uses X-Forwarded-For per hops behind trusted proxies, the peer when none was passed", () => {
    expect(resolveClientIp("6.6.6.6, 203.0.113.7", "10.0.0.1", 1)).toBe("203.0.113.7");
    expect(resolveClientIp("6.6.6.6, 203.0.113.7, 10.0.0.2", "10.0.0.1", 2)).toBe("203.0.113.7");
    expect(resolveClientIp(["6.6.6.6", "203.0.113.7"], "10.0.0.1", 1)).toBe("203.0.113.7");
    expect(resolveClientIp(undefined, "10.0.0.1", 1)).toBe("10.0.0.1");
    expect(resolveClientIp("  ", "10.0.0.1", 1)).toBe("10.0.0.1");
  });
});

describe("resolveClientIp with a chosen entry that is not an IP", () => {
  it.each(["unknown", "1.2.3.4, unknown", "1.2.3.4, <script>", "_hidden", "::ffff:999.1.1.1"])(
    "falls back to the peer for %j (never to no address, which would skip every per-address limit)",
    (xff) => {
      expect(resolveClientIp(xff, "::ffff:10.0.0.1", 1)).toBe("10.0.0.1");
      expect(resolveClientIp(xff, "2001:db8::9", 1)).toBe("2001:db8::9");
    },
  );

  it("still takes a valid entry over the peer", () => {
    expect(resolveClientIp("unknown, 203.0.113.7", "10.0.0.1", 1)).toBe("203.0.113.7");
  });
});

describe("clientKey (what per-client limits count)", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("203.0.113.8")).toBe("203.0.113.8");
  });

  it("counts every address of one IPv6 /64 as one client, however it is spelled", () => {
    const key = clientKey("2001:db8:7:7::1");
    expect(key).toBe("2001:db8:7:7::/64");
    for (const ip of ["2001:db8:7:7::ffff", "2001:db8:7:7:a:b:c:d", "2001:0db8:0007:0007:0:0:0:2"])
      expect(clientKey(ip)).toBe(key);
    expect(clientKey("2001:db8:7:8::1")).not.toBe(key);
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
  });
});

describe("normalizeIp", () => {
  it.each(["", "999.1.1.1", "1.2.3", "abc", "1.2.3.4:port"])("rejects %j", (v) => {
    expect(normalizeIp(v)).toBeNull();
  });
});
