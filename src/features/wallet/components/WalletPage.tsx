"use client";

import type { Address } from "viem";
import type { Token } from "@/features/tokens";
import { usePageData } from "@/lib/page-data-block";
import { ButtonLink, Card, PageContainer, PageHeader, Skeleton } from "@/ui";
import type { KnownContract } from "../recipient";
import { ActivityList } from "./ActivityList";
import { ReceiveCard } from "./ReceiveCard";
import { SendForm } from "./SendForm";
import { TokenBalanceList } from "./TokenBalanceList";

/** What /wallet knows of the user on the server (the page's props, or its shell's page-data block). */
export type WalletPageData = {
  address: Address;
  /** The address as a QR code (PNG data URI) drawn on the server (server/page-data.ts); null if it failed. */
  receiveQr: string | null;
};

export type WalletPageProps = {
  tokens: Token[];
  /** Our deployment's contracts, for the send review's contract warning. */
  contracts: KnownContract[];
  chainId: number;
  networkName: string;
  explorerUrl: string;
} & (
  | { initial: WalletPageData }
  /**
   * The signed-in shell (docs/ARCHITECTURE.md, "Rendering and CSP"): the user's part arrives in the
   * document's page-data block, read after hydration (src/lib/page-data-block.ts).
   */
  | { fromDocument: true }
);

/** `/wallet`: balances, send, receive and activity of the signed-in participant on the testnet. */
export function WalletPage(props: WalletPageProps) {
  const { tokens, contracts, chainId, networkName, explorerUrl } = props;
  const fromDocument = "fromDocument" in props;
  const seed = usePageData<WalletPageData>("/wallet", fromDocument);
  const user = fromDocument ? seed?.data : props.initial;
  return (
    <PageContainer>
      <PageHeader
        title="Wallet"
        description={`Your test coins and tokens on the ${networkName}: see balances, send, receive and follow every transaction.`}
        actions={
          user ? (
            <ButtonLink
              href={`${explorerUrl}/address/${user.address}`}
              variant="secondary"
              target="_blank"
              rel="noreferrer"
            >
              View in explorer
            </ButtonLink>
          ) : (
            <Skeleton className="h-10 w-36" label="Loading your explorer link" />
          )
        }
      />
      {user ? (
        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          <Card title="Balances" className="md:col-span-2 xl:col-span-1">
            <TokenBalanceList address={user.address} rows={tokens.length} />
          </Card>
          <SendForm
            address={user.address}
            tokens={tokens}
            contracts={contracts}
            chainId={chainId}
            explorerUrl={explorerUrl}
          />
          <ReceiveCard address={user.address} networkName={networkName} qr={user.receiveQr} />
          <Card title="Activity" className="md:col-span-2 xl:col-span-3">
            <ActivityList
              address={user.address}
              pollMs={5_000}
              emptyAction={
                <ButtonLink href="/testnet" variant="secondary" size="sm">
                  Go to the faucet
                </ButtonLink>
              }
            />
          </Card>
        </div>
      ) : seed === null ? (
        <Card title="Your wallet could not be loaded">
          <p className="text-sm text-muted">The server did not hand over your address. Reload the page.</p>
        </Card>
      ) : (
        <WalletSkeleton rows={tokens.length} />
      )}
    </PageContainer>
  );
}

/** The cards at their loaded size, for the shell's HTML. */
function WalletSkeleton({ rows }: { rows: number }) {
  return (
    <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3" data-testid="wallet-skeleton">
      <Card title="Balances" className="md:col-span-2 xl:col-span-1">
        <div className="flex flex-col gap-3">
          {Array.from({ length: rows }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" label="Loading your balances" />
          ))}
        </div>
      </Card>
      <Card title="Send">
        <Skeleton className="h-64 w-full" label="Loading the send form" />
      </Card>
      <Card title="Receive">
        <Skeleton className="h-64 w-full" label="Loading your address" />
      </Card>
      <Card title="Activity" className="md:col-span-2 xl:col-span-3">
        <Skeleton className="h-24 w-full" label="Loading your activity" />
      </Card>
    </div>
  );
}
