import type { Metadata } from "next";
import { ErrorPage } from "@/features/app-shell";
import { ExplorerNotFoundMessage } from "@/features/explorer";

export const metadata: Metadata = { title: "Not found" };

/** A bad or unknown transaction hash, address or block number: 404 saying which and why. */
export default function ExplorerNotFound() {
  return <ErrorPage statusCode={404} message={<ExplorerNotFoundMessage />} />;
}
