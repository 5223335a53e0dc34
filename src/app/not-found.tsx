import type { Metadata } from "next";
import { ErrorPage, PathMessage } from "@/features/app-shell";
import { logBotNotFound } from "@/features/app-shell/server";

export const metadata: Metadata = { title: "Page not found" };

/** Any unmatched path: the seed's non-fatal 404 "Page not found: {path}". */
export default async function NotFound() {
  await logBotNotFound("unmatched");
  return <ErrorPage statusCode={404} message={<PathMessage kind="unmatched" />} />;
}
