import type { Metadata } from "next";
import { requirePageSession } from "@/features/auth/server";
import { NewsList } from "@/features/news";
import { inlineCover, loadNewsPage } from "@/features/news/server";
import { ROUTES } from "@/lib/routes";
import { requestLocale } from "@/server/locale";
import { isSignedInShellRender } from "@/server/shell-page";

export const metadata: Metadata = { title: "News" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function NewsPage({ searchParams }: Props) {
  const params = await searchParams;
  const qs = new URLSearchParams(
    Object.entries(params).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])),
  ).toString();
  // The signed-in shell (src/server/shell-render.ts) is rendered without a session; the HTTP entry
  // serves it only to visitors whose session it has checked.
  if (!(await isSignedInShellRender()))
    await requirePageSession(qs ? `${ROUTES.news.path}?${qs}` : ROUTES.news.path);
  const data = await loadNewsPage(params);
  return (
    <NewsList
      data={data}
      locale={await requestLocale()}
      leadCover={await inlineCover(data.articles[0]?.coverImage)}
    />
  );
}
