import fs from "node:fs";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as mediaPOST } from "@/app/api/admin/media/route";
import { POST as importPOST } from "@/app/api/admin/points/import/route";
import { auditLog, pointsLedger, users } from "@/db/schema";
import type { TestSession } from "@/features/auth/testing";
import { config } from "@/server/config";
import type { TestApp } from "../../../test/app-env";
import { openAdminApp, withAuditRefused } from "./testing";

// docs/api.md, operator console: "every change is appended to the audit log in the same
// transaction". Each change here is made once while the database refuses its audit entry (a test
// trigger): nothing of the change may remain. Then once normally: the change and exactly one entry.

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

let app: TestApp;
let admin: { cookieHeader: string; address: string };

beforeAll(async () => {
  let s: TestSession;
  ({ app, admin: s } = await openAdminApp("admin-audit", "0x00000000000000000000000000000000000000c7"));
  admin = { cookieHeader: s.cookieHeader, address: s.user.address.toLowerCase() };
});
afterAll(() => app?.close());

const auditsOf = (action: string) =>
  app.handle.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);

const post = (handler: unknown, urlPath: string, body: BodyInit, contentType: string) =>
  (handler as Handler)(
    new Request(`${config().origin}${urlPath}`, {
      method: "POST",
      headers: { origin: config().origin, cookie: admin.cookieHeader, "content-type": contentType },
      body,
    }),
    { params: Promise.resolve({}) },
  );

describe("points import", () => {
  const NEWCOMER = "0x00000000000000000000000000000000000a0d17";
  const csv = [
    "address,points,reason,source_key",
    `${NEWCOMER},40,Galxe quest,galxe:audit:1`,
    "0x00000000000000000000000000000000000a0d18,10,Zealy sprint,zealy:audit:2",
    "not-an-address,5,x,k1",
  ].join("\n");
  const imported = () =>
    app.handle.db.select().from(pointsLedger).where(like(pointsLedger.sourceKey, "import:%:audit:%"));
  const upload = () => post(importPOST, "/api/admin/points/import", csv, "text/csv");

  it("credits nothing, not even a newcomer's participant row, without its entry; then once with one", async () => {
    expect((await withAuditRefused(app.handle.db, "points.import", upload)).status).toBe(500);
    expect(await imported()).toEqual([]);
    expect(await app.handle.db.select().from(users).where(eq(users.address, NEWCOMER))).toEqual([]);
    expect(await auditsOf("points.import")).toEqual([]);

    const res = await upload();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ rows: 3, credited: 2, duplicates: 0 });
    expect(await imported()).toHaveLength(2);
    const [entry, ...more] = await auditsOf("points.import");
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actor: admin.address,
      target: "points_ledger",
      after: { rows: 3, part: "1/1", credited: 2, duplicates: 0, errors: 1, excluded: 0 },
    });
    expect(await (await upload()).json()).toMatchObject({ credited: 0, duplicates: 2 });
    expect((await auditsOf("points.import")).map((a) => a.after)).toEqual([
      entry?.after,
      { rows: 3, part: "1/1", credited: 0, duplicates: 2, errors: 1, excluded: 0 },
    ]);
  });
});

describe("a points import larger than one part", () => {
  it("credits every row in parts of 400, each part with its own entry", async () => {
    const rows = Array.from(
      { length: 450 },
      (_, i) => `0x${(0xb000 + i).toString(16).padStart(40, "0")},1,Bulk,bulk:audit:${i}`,
    );
    const res = await post(
      importPOST,
      "/api/admin/points/import",
      ["address,points,reason,source_key", ...rows].join("\n"),
      "text/csv",
    );
    expect(await res.json()).toMatchObject({ rows: 450, credited: 450, duplicates: 0 });
    const parts = (await auditsOf("points.import"))
      .map((a) => a.after as { part?: string; credited?: number })
      .filter((a) => a.credited && a.credited > 2);
    expect(parts).toEqual([
      { rows: 450, part: "1/2", credited: 400, duplicates: 0, errors: 0, excluded: 0 },
      { rows: 450, part: "2/2", credited: 50, duplicates: 0, errors: 0, excluded: 0 },
    ]);
  });
});

describe("POST /api/admin/media", () => {
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xa0, 0xd1, 0x7e]);
  const upload = (bytes: Buffer) => post(mediaPOST, "/api/admin/media", new Uint8Array(bytes), "image/png");
  const mediaFiles = () => fs.readdirSync(path.join(app.dataDir, "media")).sort();

  it("records each stored image in the audit log, after the file is complete under its name", async () => {
    expect((await upload(Buffer.from("not an image"))).status).toBe(400);
    // The entry fails: the request fails, and the file it stored first stays (nothing links to it).
    expect((await withAuditRefused(app.handle.db, "media.upload", () => upload(PNG))).status).toBe(500);
    expect(await auditsOf("media.upload")).toEqual([]);
    const [file, ...others] = mediaFiles();
    expect(others).toEqual([]); // no partial file left beside it
    expect(file).toMatch(/^[a-f0-9]{64}\.png$/);

    const res = await upload(PNG);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ url: `/api/media/${file}` });
    expect(mediaFiles()).toEqual([file]);
    expect(await auditsOf("media.upload")).toMatchObject([
      {
        actor: admin.address,
        target: `media:${file}`,
        after: { url: `/api/media/${file}`, bytes: PNG.length },
      },
    ]);
  });
});
