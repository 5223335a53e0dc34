import { EVENT_NAMES, type EventName } from "./analytics-events";

// First-party analytics (docs/api.md, POST /api/events): events are queued in memory and sent in
// batches to our own server only; on page hide the rest goes with sendBeacon, which survives the
// page closing. The client id is a random value kept in localStorage, never derived from the person.

type Queued = { name: EventName; path?: string; props?: Record<string, string | number | boolean | null> };

const MAX_BATCH = 25;
const MAX_QUEUE = 100;
const FLUSH_MS = 5_000;
const KEY = "aurum.cid";

let queue: Queued[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let listening = false;

function clientId(): string {
  try {
    let id = localStorage.getItem(KEY);
    if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
      id = crypto.randomUUID().replaceAll("-", "");
      localStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    // Storage blocked: one id per page load still groups this page's events.
    memoryId ??= crypto.randomUUID().replaceAll("-", "");
    return memoryId;
  }
}
let memoryId: string | undefined;

function payload(batch: Queued[]): string {
  return JSON.stringify({ clientId: clientId(), events: batch });
}

function send(batch: Queued[], beacon: boolean) {
  if (batch.length === 0) return;
  const body = payload(batch);
  if (beacon && typeof navigator.sendBeacon === "function") {
    navigator.sendBeacon("/api/events", new Blob([body], { type: "application/json" }));
    return;
  }
  void fetch("/api/events", {
    method: "POST",
    body,
    headers: { "content-type": "application/json" },
    keepalive: true,
  }).catch(() => undefined);
}

/** Sends everything queued now (in batches of at most 25). */
export function flush(beacon = false) {
  if (timer) clearTimeout(timer);
  timer = null;
  while (queue.length) send(queue.splice(0, MAX_BATCH), beacon);
}

/** Records one event. Unknown names are ignored; a full queue drops the oldest event. */
export function track(name: EventName, props?: Queued["props"]) {
  if (typeof window === "undefined" || !(EVENT_NAMES as readonly string[]).includes(name)) return;
  if (!listening) {
    listening = true;
    window.addEventListener("pagehide", () => flush(true));
    document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && flush(true));
  }
  queue.push({ name, path: window.location.pathname.slice(0, 300), ...(props ? { props } : {}) });
  if (queue.length > MAX_QUEUE) queue = queue.slice(-MAX_QUEUE);
  if (queue.length >= MAX_BATCH) flush();
  else timer ??= setTimeout(() => flush(), FLUSH_MS);
}
