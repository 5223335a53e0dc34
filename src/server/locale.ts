import "server-only";
import { headers } from "next/headers";
import { resolveLocale } from "@/lib/format";

/** The visitor's number/date locale for this request (src/lib/format.ts explains the rules). */
export async function requestLocale(): Promise<string> {
  return resolveLocale((await headers()).get("accept-language"));
}
