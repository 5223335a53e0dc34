import { readApiResponse } from "@/lib/api-client";
import type { ExclusionCategory } from "../categories";
import type { Exclusion, SybilCluster, SybilScore } from "../schema";

// Client calls of the operator console's integrity screen (docs/api.md "Integrity").

const BASE = "/api/admin/integrity";
const post = async <T>(path: string, body: unknown): Promise<T> =>
  readApiResponse<T>(
    await fetch(`${BASE}${path}`, {
      method: "POST",
      cache: "no-store",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
const get = async <T>(path: string): Promise<T> =>
  readApiResponse<T>(await fetch(`${BASE}${path}`, { cache: "no-store" }));

export const integrityKeys = {
  all: ["admin-integrity"] as const,
  exclusions: () => [...integrityKeys.all, "exclusions"] as const,
  clusters: () => [...integrityKeys.all, "clusters"] as const,
  scores: () => [...integrityKeys.all, "scores"] as const,
};

export const fetchExclusions = () =>
  get<{ exclusions: Exclusion[]; nextCursor: number | null }>("/exclusions?limit=100");
export const fetchClusters = () =>
  get<{ clusters: SybilCluster[]; nextCursor: number | null }>("/clusters?status=open&limit=50");
export const fetchScores = () =>
  get<{ scores: SybilScore[]; nextCursor: number | null }>("/scores?minScore=1&limit=100");

export const exclude = (b: { address: string; reasonCategory: ExclusionCategory; reason: string }) =>
  post<Exclusion>("/exclusions", b);
export const restore = (b: { address: string; reason: string }) =>
  post<{ restored: true }>("/exclusions/restore", b);
export const importCsv = (b: { csv: string; reasonCategory: ExclusionCategory; reason: string }) =>
  post<{ added: number; alreadyExcluded: number; duplicates: number }>("/exclusions/import", b);
export const decide = (id: number, b: { decision: "confirm" | "dismiss"; reason: string }) =>
  post<{ excluded: number }>(`/clusters/${id}`, b);
