"use client";

import { type Address, erc721Abi } from "viem";
import { useReadContracts } from "wagmi";
import { EmptyState, Skeleton } from "@/ui";

/** How many tokens of each configured ERC-721 collection (NFT_COLLECTIONS) `address` holds, read on-chain. */
export function NftHoldings({
  address,
  collections,
  chainId,
  explorerUrl,
}: {
  address: Address;
  collections: readonly string[];
  chainId: number;
  explorerUrl: string;
}) {
  const q = useReadContracts({
    contracts: collections.flatMap((c) => [
      { address: c as Address, abi: erc721Abi, functionName: "name", chainId } as const,
      { address: c as Address, abi: erc721Abi, functionName: "balanceOf", args: [address], chainId } as const,
    ]),
  });
  if (q.isPending) return <Skeleton className="my-3 h-10 w-full" label="Loading NFTs" />;
  if (q.isError) {
    return (
      <EmptyState
        title="NFTs unavailable"
        description="The testnet could not be read just now. Try again shortly."
      />
    );
  }
  const rows = collections.map((c, i) => ({
    address: c,
    name: (q.data[i * 2]?.result as string | undefined) ?? c,
    count: q.data[i * 2 + 1]?.result as bigint | undefined,
  }));
  return (
    <ul className="divide-y divide-border" aria-label="NFT collections">
      {rows.map((r) => (
        <li key={r.address} className="flex items-center justify-between gap-3 py-3 text-sm">
          <a
            href={`${explorerUrl}/address/${r.address}`}
            className="truncate underline-offset-2 hover:underline"
          >
            {r.name}
          </a>
          <span className="text-muted">{r.count === undefined ? "unreadable" : `${r.count} held`}</span>
        </li>
      ))}
    </ul>
  );
}
