"use client";

import { useQuery } from "@tanstack/react-query";
import type { ChainStatus } from "../chain-status-types";
import { chainStatusQueryOptions } from "../queries";

/** Thin hook over the query options (wagmi shape); starts from the server-rendered status. */
export function useChainStatus(initial?: ChainStatus) {
  return useQuery(chainStatusQueryOptions(initial));
}
