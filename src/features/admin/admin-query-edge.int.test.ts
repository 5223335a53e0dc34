import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as roundsPOST } from "@/app/api/admin/airdrop/rounds/route";
import { GET as auditGET } from "@/app/api/admin/audit/route";
import { GET as exportGET } from "@/app/api/admin/exports/[file]/route";
import { POST as mediaPOST } from "@/app/api/admin/media/route";
import { POST as newsPOST } from "@/app/api/admin/news/route";
import { GET as overviewGET } from "@/app/api/admin/overview/route";
import { GET as participantsGET } from "@/app/api/admin/participants/route";
import { POST as tasksPOST } from "@/app/api/admin/tasks/route";
import { GET as deliveriesGET } from "@/app/api/admin/webhooks/[id]/deliveries/route";
import { GET as endpointsGET } from "@/app/api/admin/webhooks/route";
import { airdropRounds, newsArticles, tasks } from "@/db/schema";
import type { TestSession } from "@/features/auth/testing";
import { createEndpoint } from "@/features/integrations/server";
import { config } from "@/server/config";
import type { TestApp } from "../../../test/app-env";
import { openAdminApp } from "./testing";

// The HTTP edge of the operator routes: a cursor or a date that passes for a string but that the
// query (PostgreSQL's bigint, uuid, timestamptz) or Date#toISOString cannot take is a 400 from the
// query schema, before any query runs or any export starts streaming; an upload body that breaks
// off is a 400 like every other body.

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

let app: TestApp;
let adminCookie: string;

beforeAll(async () => {
  let admin: TestSession;
  ({ app, admin } = await openAdminApp("admin-edge", "0x00000000000000000000000000000000000000c3"));
  adminCookie = admin.cookieHeader;
});
afterAll(() => app?.close());

function req(path: string, init: { method?: string; body?: unknown } = {}): Request {
  const origin = config().origin;
  return new Request(`${origin}${path}`, {
    method: init.method ?? "GET",
    headers: { origin, cookie: adminCookie, "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function call(handler: unknown, r: Request, params: Record<string, string> = {}) {
  const res = await (handler as Handler)(r, { params: Promise.resolve(params) });
  const body = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
  return { status: res.status, code: body?.error?.code, message: body?.error?.message };
}

const badCursor = {
  status: 400,
  code: "INVALID_INPUT",
  message: "cursor: not a cursor from a previous page; start again without it",
};
const badDate = (field: string) => ({
  status: 400,
  code: "INVALID_INPUT",
  message: `${field}: a date from 1970 to 9998`,
});

describe("admin cursors the query cannot take are 400s", () => {
  it("an audit cursor beyond bigint is a 400; an id cursor still pages", async () => {
    expect(await call(auditGET, req("/api/admin/audit?cursor=99999999999999999999"))).toEqual(badCursor);
    expect((await call(auditGET, req("/api/admin/audit?cursor=42"))).status).toBe(200);
  });

  it("a participants cursor that is not a keyset cursor (an old offset) is a 400; a keyset cursor pages", async () => {
    expect(await call(participantsGET, req("/api/admin/participants?cursor=99999999999999999999"))).toEqual(
      badCursor,
    );
    expect(await call(participantsGET, req("/api/admin/participants?cursor=50"))).toEqual(badCursor);
    const cursor = encodeURIComponent("2026-01-01T00:00:00.000Z|00000000-0000-4000-8000-000000000000");
    expect((await call(participantsGET, req(`/api/admin/participants?cursor=${cursor}`))).status).toBe(200);
  });

  const UUID = "00000000-0000-4000-8000-000000000000";
  const endpointsPage = (cursor: string) =>
    call(endpointsGET, req(`/api/admin/webhooks?cursor=${encodeURIComponent(cursor)}`));

  it("a webhooks cursor with an impossible date is a 400; a well-formed one still pages", async () => {
    expect(await endpointsPage(`2024-13-45T99:99Z|${UUID}`)).toEqual(badCursor);
    expect(await endpointsPage(`2024-02-30T00:00:00.000Z|${UUID}`)).toEqual(badCursor);
    expect((await endpointsPage(`2024-01-01T00:00:00.000Z|${UUID}`)).status).toBe(200);
  });

  it("a webhooks cursor whose id is not a uuid is a 400", async () => {
    expect(await endpointsPage(`2024-01-01T00:00:00.000Z|${"-".repeat(36)}`)).toEqual(badCursor);
  });

  it("a deliveries cursor with an impossible date is a 400 for an existing endpoint", async () => {
    const endpoint = await createEndpoint(app.handle.db, { url: "http://127.0.0.1:9/edge", events: [] });
    const page = (cursor: string) =>
      call(
        deliveriesGET,
        req(`/api/admin/webhooks/${endpoint.id}/deliveries?cursor=${encodeURIComponent(cursor)}`),
        {
          id: endpoint.id,
        },
      );
    expect(await page(`2024-13-45T99:99Z|${UUID}`)).toEqual(badCursor);
    expect(await page(`2024-01-01T00:00:00.000Z|${"0".repeat(36)}`)).toEqual(badCursor);
    expect((await page(`2024-01-01T00:00:00.000Z|${UUID}`)).status).toBe(200);
  });
});

describe("admin dates outside years 1970..9998 are 400s before any query", () => {
  it("an overview range whose end would be year 10000 is a 400; one ending in 9998 is answered", async () => {
    expect(await call(overviewGET, req("/api/admin/overview?from=9998-12-31&to=9999-12-31"))).toEqual(
      badDate("to"),
    );
    expect((await call(overviewGET, req("/api/admin/overview?from=9998-12-01&to=9998-12-31"))).status).toBe(
      200,
    );
  });

  it("an overview range in year 0 (no such year in PostgreSQL) is a 400", async () => {
    expect(await call(overviewGET, req("/api/admin/overview?from=0000-01-01&to=0000-06-01"))).toEqual(
      badDate("from"),
    );
  });

  it("an export over year 0 is a 400 up front, not a 200 whose CSV stream then dies", async () => {
    const res = await (exportGET as unknown as Handler)(
      req("/api/admin/exports/participants.csv?from=0000-01-01&to=0000-06-01"),
      { params: Promise.resolve({ file: "participants.csv" }) },
    );
    let streamError: unknown = null;
    const text = await res.text().catch((err: unknown) => {
      streamError = err;
      return "";
    });
    expect({ status: res.status, streamFailed: streamError !== null }).toEqual({
      status: 400,
      streamFailed: false,
    });
    expect(JSON.parse(text)).toEqual({ error: { code: "INVALID_INPUT", message: badDate("from").message } });
  });

  it("an article published in year 0 is a 400 and nothing is stored", async () => {
    const body = {
      slug: "year-zero",
      title: "Year zero",
      summary: "A summary.",
      bodyMarkdown: "Body.",
      publishedAt: "0000-01-01T00:00:00Z",
    };
    expect(await call(newsPOST, req("/api/admin/news", { method: "POST", body }))).toEqual(
      badDate("publishedAt"),
    );
    expect(await app.handle.db.select().from(newsArticles).where(eq(newsArticles.slug, "year-zero"))).toEqual(
      [],
    );
  });

  it("a task starting in year 0 is a 400 and nothing is stored", async () => {
    const body = {
      id: "year-zero-task",
      title: "Check in",
      description: "Check in once.",
      type: "daily_checkin",
      params: {},
      points: 5,
      repeat: "once",
      startsAt: "0000-01-01T00:00:00Z",
    };
    expect(await call(tasksPOST, req("/api/admin/tasks", { method: "POST", body }))).toEqual(
      badDate("startsAt"),
    );
    expect(await app.handle.db.select().from(tasks).where(eq(tasks.id, "year-zero-task"))).toEqual([]);
  });

  it("an airdrop round whose snapshot is in year 0 is a 400 and nothing is stored", async () => {
    const body = {
      name: "Year zero",
      totalAmount: "1000",
      minPoints: 0,
      snapshotAt: "0000-01-01T00:00:00Z",
      opensAt: new Date(Date.now() + 3_600_000).toISOString(),
      deadline: new Date(Date.now() + 48 * 3_600_000).toISOString(),
    };
    expect(await call(roundsPOST, req("/api/admin/airdrop/rounds", { method: "POST", body }))).toEqual(
      badDate("snapshotAt"),
    );
    expect(await app.handle.db.select().from(airdropRounds)).toEqual([]);
  });
});

describe("POST /api/admin/media reads its body like every route", () => {
  const upload = (body: ReadableStream<Uint8Array>) =>
    new Request(`${config().origin}/api/admin/media`, {
      method: "POST",
      headers: { origin: config().origin, cookie: adminCookie, "content-type": "image/png" },
      body,
      duplex: "half",
    } as RequestInit);
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

  it("a body that breaks off (the client went away) is a 400; too big is 413; a whole image 201", async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(PNG.subarray(0, 2));
        controller.error(new Error("socket hang up"));
      },
    });
    expect(await call(mediaPOST, upload(broken))).toEqual({
      status: 400,
      code: "BAD_REQUEST",
      message: "The request body could not be read to its end.",
    });

    // 2 MiB + 1 byte with no Content-Length: counted while it streams.
    const chunk = new Uint8Array(64 * 1024);
    let sent = 0;
    const tooBig = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 2 * 1024 * 1024) return controller.close();
        const part = sent === 2 * 1024 * 1024 ? chunk.subarray(0, 1) : chunk;
        sent += part.byteLength;
        controller.enqueue(part);
      },
    });
    expect(await call(mediaPOST, upload(tooBig))).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE" });

    const whole = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(PNG.subarray(0, 4));
        controller.enqueue(PNG.subarray(4));
        controller.close();
      },
    });
    const res = await (mediaPOST as unknown as Handler)(upload(whole), { params: Promise.resolve({}) });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { url: string }).url).toMatch(/^\/api\/media\/[a-f0-9]{64}\.png$/);
  });
});
