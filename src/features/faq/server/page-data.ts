import { getDb } from "@/db/client";
import type { FaqSection } from "../schema";
import { listFaq } from "./queries";

export async function loadFaq(): Promise<FaqSection[]> {
  return listFaq(await getDb());
}
