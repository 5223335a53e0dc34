"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Button, Field, FormRow } from "@/ui";
import { proseClasses } from "@/ui/prose";
import { adminApi, afterSave, withOpenedVersion } from "./api";
import { EditorCard, TextArea } from "./ui";

/** An article as the console's news list answers it (GET /api/admin/news). */
export type Article = {
  slug: string;
  title: string;
  summary: string;
  tags: string[];
  coverImage: string | null;
  coverAlt: string | null;
  bodyMarkdown: string;
  publishedAt: string;
  published: boolean;
  /** As the list read it; absent on a new article. Sent back as `baseUpdatedAt`. */
  updatedAt?: string;
};

export const blankArticle: Article = {
  slug: "",
  title: "",
  summary: "",
  tags: [],
  coverImage: null,
  coverAlt: null,
  bodyMarkdown: "",
  publishedAt: new Date().toISOString(),
  published: true,
};
const toLocal = (iso: string) =>
  new Date(new Date(iso).getTime() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** The news article form: create, or edit one from the list (with its version for edit conflicts). */
export function ArticleEditor({
  article,
  isNew,
  onDone,
}: {
  article: Article;
  isNew: boolean;
  onDone: () => void;
}) {
  const qc = useQueryClient();
  const [a, setA] = useState(article);
  const [tags, setTags] = useState(article.tags.join(", "));
  const [preview, setPreview] = useState<string>("");
  const set = (p: Partial<Article>) => setA((x) => ({ ...x, ...p }));
  // Live preview with the news page's own renderer, a moment after typing stops. Newer text
  // aborts the older request: answers can arrive out of order, and an older one arriving last
  // would show text that is no longer in the editor.
  useEffect(() => {
    if (!a.bodyMarkdown.trim()) return setPreview("");
    const abort = new AbortController();
    const t = setTimeout(() => {
      adminApi<{ html: string }>("/api/admin/news/preview", {
        method: "POST",
        body: { markdown: a.bodyMarkdown },
        signal: abort.signal,
      })
        .then((r) => {
          if (!abort.signal.aborted) setPreview(r.html);
        })
        .catch(() => {
          if (!abort.signal.aborted) setPreview("");
        });
    }, 300);
    return () => {
      clearTimeout(t);
      abort.abort();
    };
  }, [a.bodyMarkdown]);
  const upload = useMutation({
    mutationFn: (file: File) => adminApi<{ url: string }>("/api/admin/media", { body: file }),
    onSuccess: (r) => set({ coverImage: r.url }),
  });
  const save = useMutation({
    mutationFn: (override?: Partial<Article>) => {
      const v = { ...a, ...override };
      const body = {
        title: v.title,
        summary: v.summary,
        bodyMarkdown: v.bodyMarkdown,
        tags: tags
          .split(",")
          .map((t) => t.trim().toLowerCase())
          .filter(Boolean),
        coverImage: v.coverImage,
        coverAlt: v.coverAlt,
        publishedAt: v.publishedAt,
        published: v.published,
      };
      return isNew
        ? adminApi("/api/admin/news", { method: "POST", body: { slug: v.slug, ...body } })
        : adminApi(`/api/admin/news/${v.slug}`, { method: "PATCH", body: withOpenedVersion(body, article) });
    },
    // The card shows the upload's error before the save's: one the operator went on past would
    // otherwise hide why this save, and every later one, fails.
    onMutate: () => upload.reset(),
    ...afterSave(qc, ["admin", "news"], onDone),
  });
  return (
    <EditorCard
      title={isNew ? "New article" : `Edit ${article.title}`}
      onSubmit={() => save.mutate(undefined)}
      error={upload.error ?? save.error}
      submitLabel={save.isPending ? "Saving…" : a.published ? "Save and publish" : "Save"}
      saving={save.isPending}
      actions={
        <>
          {!isNew && article.published ? (
            <Button
              variant="danger"
              disabled={save.isPending}
              onClick={() => save.mutate({ published: false })}
            >
              Unpublish
            </Button>
          ) : null}
          {!isNew && !article.published ? (
            <Button
              variant="secondary"
              disabled={save.isPending}
              onClick={() => save.mutate({ published: true })}
            >
              Publish again
            </Button>
          ) : null}
        </>
      }
      onCancel={onDone}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormRow
          label="Slug"
          hint="the address: /news/<slug>"
          value={a.slug}
          disabled={!isNew}
          onChange={(e) => set({ slug: e.target.value })}
          required
        />
        <FormRow
          label="Title"
          value={a.title}
          onChange={(e) => set({ title: e.target.value })}
          maxLength={160}
          required
        />
      </div>
      <FormRow
        label="Summary"
        value={a.summary}
        onChange={(e) => set({ summary: e.target.value })}
        maxLength={400}
        required
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormRow
          label="Tags"
          hint="comma-separated, e.g. faucet, guide"
          value={tags}
          onChange={(e) => setTags(e.target.value)}
        />
        <FormRow
          label="Publish at (your time)"
          hint="a future time schedules the article"
          type="datetime-local"
          value={toLocal(a.publishedAt)}
          onChange={(e) => e.target.value && set({ publishedAt: new Date(e.target.value).toISOString() })}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormRow
          label="Cover image"
          hint="PNG, JPEG or WebP, up to 2 MB"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          onChange={(e) => {
            const input = e.currentTarget;
            const f = input.files?.[0];
            // Emptied when the upload ends: choosing the same file again (after a failure, or after
            // Remove cover) fires no change event while the input still holds it.
            if (f)
              upload.mutate(f, {
                onSettled: () => {
                  input.value = "";
                },
              });
          }}
        />
        <FormRow
          label="Cover description (alt text)"
          value={a.coverAlt ?? ""}
          onChange={(e) => set({ coverAlt: e.target.value })}
          maxLength={200}
        />
      </div>
      {a.coverImage ? (
        <div className="flex items-center gap-3">
          {/* biome-ignore lint/performance/noImgElement: an uploaded image of unknown size, served by our own route */}
          <img src={a.coverImage} alt={a.coverAlt ?? ""} className="h-16 w-28 rounded-control object-cover" />
          <Button variant="ghost" size="sm" onClick={() => set({ coverImage: null })}>
            Remove cover
          </Button>
        </div>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <Field label="Text (Markdown)">
          {({ id }) => (
            <TextArea
              id={id}
              className="min-h-72 font-mono"
              value={a.bodyMarkdown}
              onChange={(e) => set({ bodyMarkdown: e.target.value })}
              required
            />
          )}
        </Field>
        <section
          aria-label="Preview"
          className="min-h-72 rounded-card border border-dashed border-border p-4"
        >
          <p className="mb-2 text-xs text-muted">Preview</p>
          {preview ? (
            <div
              className={proseClasses}
              data-testid="news-preview"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by the news renderer, which escapes raw HTML (src/lib/content/markdown.ts)
              dangerouslySetInnerHTML={{ __html: preview }}
            />
          ) : (
            <p className="text-sm text-muted">Start writing to see the article as participants will.</p>
          )}
        </section>
      </div>
    </EditorCard>
  );
}
