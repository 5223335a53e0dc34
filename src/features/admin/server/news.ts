import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { count, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { consoleEdits, newsArticles } from "@/db/schema";
import { unchangedFields } from "@/db/unchanged";
import { readingMinutes, renderMarkdown } from "@/features/news/server";
import { recordAudit } from "@/server/audit";
import { config } from "@/server/config";
import { badRequest, conflict, notFound } from "@/server/errors";
import type { newsBodySchema, newsPatchSchema } from "../schema";
import { refuseStaleEdit } from "./edit-conflict";

// News in the console: the same Markdown renderer as content/news (src/lib/content/markdown.ts),
// so the preview and the published page match. Saved articles are marked in console_edits and the
// file seeder leaves them alone.

type NewsBody = z.output<typeof newsBodySchema>;
type NewsPatch = z.output<typeof newsPatchSchema>;

/** The console lists the newest articles only; `total` says how many there are in all. */
export const ADMIN_NEWS_LIST_LIMIT = 500;

export async function listAdminNews(db: Db, limit = ADMIN_NEWS_LIST_LIMIT) {
  const [counted] = await db.select({ total: count() }).from(newsArticles);
  const rows = await db
    .select({
      slug: newsArticles.slug,
      title: newsArticles.title,
      summary: newsArticles.summary,
      tags: newsArticles.tags,
      coverImage: newsArticles.coverImage,
      coverAlt: newsArticles.coverAlt,
      bodyMarkdown: newsArticles.bodyMarkdown,
      publishedAt: newsArticles.publishedAt,
      published: newsArticles.published,
      updatedAt: newsArticles.updatedAt,
    })
    .from(newsArticles)
    .orderBy(desc(newsArticles.publishedAt), newsArticles.slug)
    .limit(limit);
  return {
    articles: rows.map((r) => ({
      ...r,
      publishedAt: r.publishedAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    total: Math.max(counted?.total ?? 0, rows.length),
  };
}

const hashOf = (b: { title: string; summary: string; bodyMarkdown: string }) =>
  createHash("sha256")
    .update(JSON.stringify(["console", b.title, b.summary, b.bodyMarkdown]))
    .digest("hex");

async function markEdited(db: Db, slug: string, actor: string) {
  await db
    .insert(consoleEdits)
    .values({ kind: "news", id: slug, editedBy: actor.toLowerCase() })
    .onConflictDoUpdate({
      target: [consoleEdits.kind, consoleEdits.id],
      set: { editedBy: actor.toLowerCase(), editedAt: new Date() },
    });
}

export async function createArticle(db: Db, actor: string, b: NewsBody) {
  const row = {
    slug: b.slug,
    title: b.title,
    summary: b.summary,
    coverImage: b.coverImage ?? null,
    coverAlt: b.coverImage ? (b.coverAlt ?? "") : null,
    tags: [...new Set(b.tags)],
    publishedAt: new Date(b.publishedAt),
    bodyMarkdown: b.bodyMarkdown,
    bodyHtml: renderMarkdown(b.bodyMarkdown),
    readingMinutes: readingMinutes(b.bodyMarkdown),
    published: b.published,
    sourceHash: hashOf(b),
  };
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [ins] = await t
      .insert(newsArticles)
      .values(row)
      .onConflictDoNothing()
      .returning({ id: newsArticles.id });
    if (!ins) throw conflict(`An article with slug ${b.slug} already exists.`, "CONFLICT");
    await markEdited(t, b.slug, actor);
    await recordAudit(t, {
      actor,
      action: "news.create",
      target: `news:${b.slug}`,
      after: { ...row, bodyHtml: undefined },
    });
  });
  return { slug: b.slug };
}

export async function updateArticle(db: Db, actor: string, slug: string, p: NewsPatch) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [prior] = await t.select().from(newsArticles).where(eq(newsArticles.slug, slug)).for("update");
    if (!prior) throw notFound("No article with this slug.", "ARTICLE_NOT_FOUND");
    refuseStaleEdit("article", prior.updatedAt, p.baseUpdatedAt);
    const bodyMarkdown = p.bodyMarkdown ?? prior.bodyMarkdown;
    const coverImage = p.coverImage === undefined ? prior.coverImage : p.coverImage;
    const next = {
      title: p.title ?? prior.title,
      summary: p.summary ?? prior.summary,
      tags: p.tags ? [...new Set(p.tags)] : prior.tags,
      coverImage,
      // Absent keeps the alt text, null (or "") clears it: "" while a cover is shown (decorative).
      coverAlt: coverImage ? ((p.coverAlt === undefined ? prior.coverAlt : p.coverAlt) ?? "") : null,
      publishedAt: p.publishedAt ? new Date(p.publishedAt) : prior.publishedAt,
      published: p.published ?? prior.published,
      bodyMarkdown,
      bodyHtml: renderMarkdown(bodyMarkdown),
      readingMinutes: readingMinutes(bodyMarkdown),
    };
    // The form saved as it was writes nothing and adds no audit entry, as for tasks and the FAQ.
    if (unchangedFields(next, prior)) return { slug };
    await t
      .update(newsArticles)
      .set({ ...next, sourceHash: hashOf({ ...next }), updatedAt: new Date() })
      .where(eq(newsArticles.slug, slug));
    await markEdited(t, slug, actor);
    const { bodyHtml: _a, ...before } = prior;
    const { bodyHtml: _b, ...after } = next;
    await recordAudit(t, { actor, action: "news.update", target: `news:${slug}`, before, after });
    return { slug };
  });
}

/** Live preview: the published page's renderer, nothing stored. */
export function previewMarkdown(markdown: string) {
  return { html: renderMarkdown(markdown), readingMinutes: readingMinutes(markdown) };
}

// Cover images: stored under DATA_DIR/media by content hash, served by GET /api/media/{file}.
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const SIGNATURES: { ext: "png" | "jpg" | "webp"; test: (b: Buffer) => boolean }[] = [
  {
    ext: "png",
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { ext: "jpg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: "webp",
    test: (b) => b.subarray(0, 4).toString() === "RIFF" && b.subarray(8, 12).toString() === "WEBP",
  },
];

export const mediaDir = () => path.join(config().DATA_DIR, "media");

/**
 * Stores an uploaded image and records `media.upload` in the audit log. A file is no transaction,
 * so the order decides what a failure leaves: the file first (complete under its name: written
 * aside, then renamed), the audit entry once it is there. A failed audit insert leaves a file that
 * nothing links to and the operator was never shown (harmless; an upload of the same bytes reuses
 * it). The other order could leave an entry for an upload whose file was never written. The file
 * is never deleted on failure: the same bytes may be an earlier upload an article shows.
 */
export async function storeImage(db: Db, actor: string, bytes: Buffer): Promise<{ url: string }> {
  // The bytes decide the type, never the file name or the declared content type.
  const kind = SIGNATURES.find((s) => s.test(bytes));
  if (!kind) throw badRequest("The cover must be a PNG, JPEG or WebP image.", "INVALID_INPUT");
  const name = `${createHash("sha256").update(bytes).digest("hex")}.${kind.ext}`;
  await fs.mkdir(mediaDir(), { recursive: true });
  // Not MEDIA_FILE, so never served; the rename replaces the name at once.
  const partial = path.join(mediaDir(), `${name}.${randomUUID()}.part`);
  try {
    await fs.writeFile(partial, bytes);
    await fs.rename(partial, path.join(mediaDir(), name));
  } catch (err) {
    await fs.rm(partial, { force: true });
    throw err;
  }
  const url = `/api/media/${name}`;
  await recordAudit(db, {
    actor,
    action: "media.upload",
    target: `media:${name}`,
    after: { url, bytes: bytes.length },
  });
  return { url };
}

export const MEDIA_FILE = /^[a-f0-9]{64}\.(png|jpg|webp)$/;
const TYPES = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" } as const;

export async function readImage(file: string): Promise<{ bytes: Buffer; type: string } | null> {
  if (!MEDIA_FILE.test(file)) return null;
  try {
    const bytes = await fs.readFile(path.join(mediaDir(), file));
    return { bytes, type: TYPES[file.split(".")[1] as keyof typeof TYPES] };
  } catch {
    return null;
  }
}
