import { describe, expect, it } from "vitest";
import { parseAddressCsv } from "./csv";

const A = `0x${"ab".repeat(20)}`;
const B = `0x${"CD".repeat(20)}`;

describe("parseAddressCsv", () => {
  it("reads one address per line with an optional header, quotes, CRLF and a BOM", () => {
    expect(parseAddressCsv(`\uFEFFaddress\r\n${A}\r\n"${B}"\r\n\r\n${A}\n`)).toEqual({
      ok: true,
      addresses: [A, B.toLowerCase()],
      duplicates: 1,
    });
  });
  it("refuses a second column, bad quotes, a bad address and an empty file, naming the line", () => {
    expect(parseAddressCsv(`${A},sybil`)).toMatchObject({ ok: false, line: 1 });
    expect(parseAddressCsv(`address\n"${A}`)).toMatchObject({
      ok: false,
      line: 2,
      message: "Unbalanced quotes",
    });
    expect(parseAddressCsv(`${A}\n0x1234`)).toMatchObject({ ok: false, line: 2 });
    expect(parseAddressCsv("address\n\n")).toMatchObject({ ok: false, message: "No addresses in the file" });
    expect(parseAddressCsv(`${A}\naddress`)).toMatchObject({ ok: false, line: 2 });
  });
});
