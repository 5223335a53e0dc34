import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getCurrentSession, requirePageSession } from "@/features/auth/server";
import { ArticleView } from "@/features/news";
import { openArticle, peekArticle } from "@/features/news/server";
import { ROUTES } from "@/lib/routes";
import { requestLocale } from "@/server/locale";

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  // Signed-out visitors are redirected by the page; their <title> must not reveal the article either.
  if (!(await getCurrentSession())) return { title: "News" };
  const article = await peekArticle((await params).slug);
  return article ? { title: article.title, description: article.summary } : { title: "News" };
}

export default async function ArticlePage({ params }: Props) {
  const { slug } = await params;
  const session = await requirePageSession(`${ROUTES.news.path}/${encodeURIComponent(slug)}`);
  const article = await openArticle(session.userId, slug);
  if (!article) notFound();
  return <ArticleView article={article} locale={await requestLocale()} />;
}
