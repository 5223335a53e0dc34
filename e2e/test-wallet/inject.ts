/**
 * Page side of the test wallet. Serialised by `page.addInitScript`, so it must be self-contained
 * (no imports, no outer variables). It defines an EIP-1193 provider whose every request goes to the
 * Node side through a Playwright binding, and announces it via EIP-6963 like a real extension.
 */
export type ProviderInfo = { uuid: string; name: string; icon: string; rdns: string };
export type InjectArgs = { binding: string; info: ProviderInfo };
export type BindingReply = { result?: unknown; error?: { code: number; message: string; data?: unknown } };

export function injectTestWallet({ binding, info }: InjectArgs): void {
  type Listener = (payload: unknown) => void;
  const listeners = new Map<string, Set<Listener>>();
  const w = window as unknown as Record<string, unknown>;

  const provider = {
    isAurumTestWallet: true,
    async request({ method, params }: { method: string; params?: unknown[] | object }) {
      const send = w[binding] as (req: { method: string; params: unknown }) => Promise<BindingReply>;
      const reply = await send({ method, params: params ?? [] });
      if (reply.error) {
        const err = new Error(reply.error.message) as Error & { code: number; data?: unknown };
        err.code = reply.error.code;
        err.data = reply.error.data;
        throw err;
      }
      return reply.result;
    },
    on(event: string, fn: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(fn);
      return provider;
    },
    removeListener(event: string, fn: Listener) {
      listeners.get(event)?.delete(fn);
      return provider;
    },
  };

  // The Node side calls this to deliver accountsChanged / chainChanged / connect / disconnect
  // (one function per wallet: a page may hold several test wallets, each with its own binding).
  w[`${binding}Emit`] = (event: string, payload: unknown) => {
    for (const fn of listeners.get(event) ?? []) fn(payload);
  };

  const detail = Object.freeze({ info: Object.freeze({ ...info }), provider });
  const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
}
