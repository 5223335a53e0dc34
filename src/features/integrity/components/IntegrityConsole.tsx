"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { SegmentedTabs } from "@/ui";
import { Clusters } from "./Clusters";
import { Exclusions } from "./Exclusions";
import { Scores } from "./Scores";

type Tab = "clusters" | "exclusions" | "scores";
const TABS = [
  { value: "clusters", label: "Clusters" },
  { value: "exclusions", label: "Exclusions" },
  { value: "scores", label: "Scores" },
] as const;

/**
 * The operator's integrity screen: review clusters, exclude / restore / import, read scores. It
 * brings its own query client, so it works inside whatever layout the console gives it.
 */
export function IntegrityConsole({ explorerUrl }: { explorerUrl: string }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1 } } }));
  return (
    <QueryClientProvider client={client}>
      <ConsoleTabs explorerUrl={explorerUrl} />
    </QueryClientProvider>
  );
}

function ConsoleTabs({ explorerUrl }: { explorerUrl: string }) {
  const [tab, setTab] = useState<Tab>("clusters");
  return (
    <div className="space-y-6">
      <SegmentedTabs options={TABS} value={tab} onChange={setTab} className="max-w-md" />
      {tab === "clusters" ? <Clusters explorerUrl={explorerUrl} /> : null}
      {tab === "exclusions" ? <Exclusions /> : null}
      {tab === "scores" ? <Scores /> : null}
    </div>
  );
}
