import { apiFetch } from "@/lib/api-client";
import type { ExclusionCategory } from "../categories";
import type { Exclusion, SybilCluster, SybilScore } from "../schema";

// Client calls of the operator console's integrity screen (docs/api.md "Integrity").

const BASE = "/api/admin/integrity";
const post = <T>(path: string, body: unknown) => apiFetch<T>(`${BASE}${path}`, { body });
const get = <T>(path: string) => apiFetch<T>(`${BASE}${path}`);

/** One page of a list: `cursor` from the previous page's `nextCursor`, `address` a prefix filter. */
type PageArgs = { cursor: number; address: string };
const pageQuery = (fixed: Record<string, string>, { cursor, address }: PageArgs) =>
  new URLSearchParams({
    ...fixed,
    ...(cursor ? { cursor: String(cursor) } : {}),
    ...(address ? { address } : {}),
  }).toString();

export const integrityKeys = {
  all: ["admin-integrity"] as const,
  exclusions: (address: string) => [...integrityKeys.all, "exclusions", address] as const,
  clusters: (address: string) => [...integrityKeys.all, "clusters", address] as const,
  scores: (address: string) => [...integrityKeys.all, "scores", address] as const,
};

export const fetchExclusions = (p: PageArgs) =>
  get<{ exclusions: Exclusion[]; nextCursor: number | null }>(
    `/exclusions?${pageQuery({ limit: "100" }, p)}`,
  );
export const fetchClusters = (p: PageArgs) =>
  get<{ clusters: SybilCluster[]; nextCursor: number | null }>(
    `/clusters?${pageQuery({ status: "open", limit: "50" }, p)}`,
  );
export const fetchScores = (p: PageArgs) =>
  get<{ scores: SybilScore[]; nextCursor: number | null }>(
    `/scores?${pageQuery({ minScore: "1", limit: "100" }, p)}`,
  );

export const exclude = (b: { address: string; reasonCategory: ExclusionCategory; reason: string }) =>
  post<Exclusion>("/exclusions", b);
export const restore = (b: { address: string; reason: string }) =>
  post<{ restored: true }>("/exclusions/restore", b);
export const importCsv = (b: { csv: string; reasonCategory: ExclusionCategory; reason: string }) =>
  post<{ added: number; alreadyExcluded: number; duplicates: number }>("/exclusions/import", b);
/** `membersHash`: the cluster's as listed, so only the members the operator saw are decided on. */
export const decide = (
  id: number,
  b: { decision: "confirm" | "dismiss"; reason: string; membersHash: string },
) => post<{ excluded: number }>(`/clusters/${id}`, b);
