// @vitest-environment happy-dom
import { renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useQrCode } from "./use-qr-code";

const SIZE = { margin: 1, width: 64 };

describe("useQrCode", () => {
  afterEach(() => {
    vi.doUnmock("qrcode");
    vi.resetModules();
  });

  it("draws the text as a PNG, and draws again (blank meanwhile) when the text changes", async () => {
    const { result, rerender } = renderHook(({ text }) => useQrCode(text, SIZE), {
      initialProps: { text: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" },
    });
    expect(result.current).toEqual({ url: null, failed: false });
    await waitFor(() => expect(result.current.url).toMatch(/^data:image\/png;base64,/));
    const first = result.current.url;

    rerender({ text: "wc:abc@2?relay-protocol=irn&symKey=00" });
    expect(result.current.url).toBeNull();
    await waitFor(() => expect(result.current.url).toMatch(/^data:image\/png;base64,/));
    expect(result.current.url).not.toBe(first);
    expect(result.current.failed).toBe(false);
  });

  it("says it failed when the code cannot be drawn (e.g. the chunk did not load)", async () => {
    vi.resetModules();
    vi.doMock("qrcode", () => ({ toDataURL: () => Promise.reject(new Error("chunk failed")) }));
    const { useQrCode: fresh } = await import("./use-qr-code");
    const { result } = renderHook(() => fresh("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", SIZE));
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.url).toBeNull();
  });
});
