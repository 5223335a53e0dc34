// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";

const runtime = { default: () => null };

// A fresh module per test: the registration is module state, once per tab in the browser.
async function freshLoader() {
  vi.resetModules();
  return import("./runtime-loader");
}

describe("runtime-loader", () => {
  beforeEach(() => {
    delete document.documentElement.dataset.walletRuntimeImport;
  });

  it("uses the root's import when no layout registered one", async () => {
    const { runtimeImport } = await freshLoader();
    const root = vi.fn(async () => runtime);
    await expect(runtimeImport(root)).resolves.toBe(runtime);
    expect(root).toHaveBeenCalledOnce();
    expect(document.documentElement.dataset.walletRuntimeImport).toBe("root");
  });

  it("uses the registered import, and only the first one registered", async () => {
    const { registerRuntimeImport, runtimeImport } = await freshLoader();
    const layout = vi.fn(async () => runtime);
    const later = vi.fn(async () => runtime);
    const root = vi.fn(async () => runtime);
    registerRuntimeImport(layout);
    registerRuntimeImport(later);
    await expect(runtimeImport(root)).resolves.toBe(runtime);
    expect(layout).toHaveBeenCalledOnce();
    expect(later).not.toHaveBeenCalled();
    expect(root).not.toHaveBeenCalled();
    expect(document.documentElement.dataset.walletRuntimeImport).toBe("layout");
  });

  it("passes a failed fetch on to the caller", async () => {
    const { registerRuntimeImport, runtimeImport } = await freshLoader();
    registerRuntimeImport(async () => {
      throw new Error("ChunkLoadError");
    });
    await expect(runtimeImport(async () => runtime)).rejects.toThrow("ChunkLoadError");
  });
});
