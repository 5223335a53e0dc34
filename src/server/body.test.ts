import { describe, expect, it } from "vitest";
import { readBoundedBytes, readBoundedText } from "./body";

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request("http://localhost/", { method: "POST", body, headers, duplex: "half" } as RequestInit);

function stream(parts: Uint8Array[], fail?: Error) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const p of parts) controller.enqueue(p);
      if (fail) controller.error(fail);
      else controller.close();
    },
  });
}

async function failure(p: Promise<unknown>) {
  const err = (await p.catch((e: unknown) => e)) as { status?: number; code?: string; message?: string };
  return { status: err.status, code: err.code, message: err.message };
}

describe("readBoundedBytes", () => {
  it("joins the chunks of a streamed body, exactly; no body is zero bytes", async () => {
    const bytes = await readBoundedBytes(post(stream([new Uint8Array([1, 2]), new Uint8Array([3])])), 3);
    expect([...bytes]).toEqual([1, 2, 3]);
    expect((await readBoundedBytes(new Request("http://localhost/"))).byteLength).toBe(0);
  });

  it("refuses a body past the limit with 413, counted while it streams or declared up front", async () => {
    const tooBig = await failure(readBoundedBytes(post(stream([new Uint8Array(3), new Uint8Array(2)])), 4));
    expect(tooBig).toEqual({ status: 413, code: "PAYLOAD_TOO_LARGE", message: expect.any(String) });
    const declared = await failure(readBoundedBytes(post("abc", { "content-length": "5000" }), 4096));
    expect(declared.status).toBe(413);
  });

  it("answers 400 BAD_REQUEST when the body breaks off (the client went away)", async () => {
    const broken = post(stream([new Uint8Array([1])], new Error("socket hang up")));
    expect(await failure(readBoundedBytes(broken))).toEqual({
      status: 400,
      code: "BAD_REQUEST",
      message: "The request body could not be read to its end.",
    });
  });
});

describe("readBoundedText", () => {
  it("decodes UTF-8 and refuses other bytes with 400 INVALID_ENCODING", async () => {
    expect(await readBoundedText(post("héllo"))).toBe("héllo");
    expect((await failure(readBoundedText(post(stream([new Uint8Array([0xff, 0xfe])]))))).code).toBe(
      "INVALID_ENCODING",
    );
  });

  it("shares the byte reader's 400 for a body that breaks off", async () => {
    const broken = post(stream([new Uint8Array([0x61])], new Error("aborted")));
    expect((await failure(readBoundedText(broken))).code).toBe("BAD_REQUEST");
  });
});
