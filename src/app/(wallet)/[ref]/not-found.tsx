import type { Metadata } from "next";
import { ErrorPage, PathMessage } from "@/features/app-shell";
import { logBotNotFound } from "@/features/app-shell/server";

export const metadata: Metadata = { title: "Page Not Found" };

/** A single path segment that is not a well-formed referral code: the seed's fatal validation 404. */
export default async function InvalidReferral() {
  await logBotNotFound("invalid");
  return <ErrorPage statusCode={404} message={<PathMessage kind="invalid" />} />;
}
