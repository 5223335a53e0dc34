"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button, EmptyState, Skeleton } from "@/ui";
import { type Article, ArticleEditor, blankArticle } from "./ArticleEditor";
import { adminApi, when } from "./api";
import { ErrorText, Table, td } from "./ui";

function stateOf(a: Article) {
  if (!a.published) return "unpublished";
  return Date.parse(a.publishedAt) > Date.now() ? "scheduled" : "published";
}

export function NewsScreen() {
  const q = useQuery({
    queryKey: ["admin", "news"],
    queryFn: () => adminApi<{ articles: Article[]; total: number }>("/api/admin/news"),
  });
  const [editing, setEditing] = useState<{ a: Article; isNew: boolean } | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <p className="rounded-card border border-border bg-surface p-3 text-sm text-muted">
        Files in <strong className="text-text">content/news</strong> only seed a fresh install. An article
        saved here is owned by the database from then on.
      </p>
      <div>
        <Button
          onClick={() =>
            setEditing({ a: { ...blankArticle, publishedAt: new Date().toISOString() }, isNew: true })
          }
        >
          New article
        </Button>
      </div>
      {editing ? (
        <ArticleEditor
          key={editing.isNew ? "new" : `article:${editing.a.slug}`}
          article={editing.a}
          isNew={editing.isNew}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <ErrorText error={q.error} />
      {!q.data ? (
        <Skeleton className="h-40 w-full" label="Loading articles" />
      ) : q.data.articles.length === 0 ? (
        <EmptyState title="No articles yet" description="Write the first one with the New article button." />
      ) : (
        <>
          {q.data.total > q.data.articles.length ? (
            <p className="text-sm text-muted" data-testid="news-list-capped">
              Showing the newest {q.data.articles.length} of {q.data.total} articles. Older ones keep their
              state but are not listed here.
            </p>
          ) : null}
          <Table caption="Articles" head={["Article", "State", "Date", ""]}>
            {q.data.articles.map((a) => (
              <tr key={a.slug}>
                <td className={td}>
                  <span className="block font-medium">{a.title}</span>
                  <span className="font-id text-xs text-muted">{a.slug}</span>
                </td>
                <td className={td}>{stateOf(a)}</td>
                <td className={td}>{when(a.publishedAt)}</td>
                <td className={td}>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setEditing({ a, isNew: false })}
                    aria-label={`Edit ${a.title}`}
                  >
                    Edit
                  </Button>
                </td>
              </tr>
            ))}
          </Table>
        </>
      )}
    </div>
  );
}
