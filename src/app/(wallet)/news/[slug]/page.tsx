import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getCurrentSession, requirePageSession } from "@/features/auth/server";
import { ArticleView } from "@/features/news";
import { inlineCover, openArticle, peekArticle } from "@/features/news/server";
import { ROUTES } from "@/lib/routes";
import { requestLocale } from "@/server/locale";
import { isSignedInShellRender } from "@/server/shell-page";

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  // Signed-out visitors are redirected by the page; their <title> must not reveal the article either.
  // A signed-in shell is served only to visitors whose session the HTTP entry has checked.
  if (!(await isSignedInShellRender()) && !(await getCurrentSession())) return { title: "News" };
  const article = await peekArticle((await params).slug);
  return article ? { title: article.title, description: article.summary } : { title: "News" };
}

export default async function ArticlePage({ params }: Props) {
  const { slug } = await params;
  if (await isSignedInShellRender()) {
    // The shared shell (src/server/shell-render.ts) has no session: the reader's first read (the
    // "read an article" task) is recorded by the page's client (ArticleView's `recordRead`).
    const article = await peekArticle(slug);
    if (!article) notFound();
    return (
      <ArticleView
        article={article}
        locale={await requestLocale()}
        coverSrc={await inlineCover(article.coverImage)}
        recordRead
      />
    );
  }
  const session = await requirePageSession(`${ROUTES.news.path}/${encodeURIComponent(slug)}`);
  const article = await openArticle(session.userId, slug);
  if (!article) notFound();
  return (
    <ArticleView
      article={article}
      locale={await requestLocale()}
      coverSrc={await inlineCover(article.coverImage)}
    />
  );
}
