import type { Address } from "viem";
import type { Token } from "@/features/tokens";
import { ButtonLink, Card, PageContainer, PageHeader } from "@/ui";
import type { KnownContract } from "../recipient";
import { ActivityList } from "./ActivityList";
import { ReceiveCard } from "./ReceiveCard";
import { SendForm } from "./SendForm";
import { TokenBalanceList } from "./TokenBalanceList";

export type WalletPageProps = {
  address: Address;
  tokens: Token[];
  /** Our deployment's contracts, for the send review's contract warning. */
  contracts: KnownContract[];
  /** The address as a QR code (PNG data URI) drawn on the server (server/page-data.ts); null if it failed. */
  receiveQr: string | null;
  chainId: number;
  networkName: string;
  explorerUrl: string;
};

/** `/wallet`: balances, send, receive and activity of the signed-in participant on the testnet. */
export function WalletPage({
  address,
  tokens,
  contracts,
  receiveQr,
  chainId,
  networkName,
  explorerUrl,
}: WalletPageProps) {
  return (
    <PageContainer>
      <PageHeader
        title="Wallet"
        description={`Your test coins and tokens on the ${networkName}: see balances, send, receive and follow every transaction.`}
        actions={
          <ButtonLink
            href={`${explorerUrl}/address/${address}`}
            variant="secondary"
            target="_blank"
            rel="noreferrer"
          >
            View in explorer
          </ButtonLink>
        }
      />
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        <Card title="Balances" className="md:col-span-2 xl:col-span-1">
          <TokenBalanceList address={address} rows={tokens.length} />
        </Card>
        <SendForm
          address={address}
          tokens={tokens}
          contracts={contracts}
          chainId={chainId}
          explorerUrl={explorerUrl}
        />
        <ReceiveCard address={address} networkName={networkName} qr={receiveQr} />
        <Card title="Activity" className="md:col-span-2 xl:col-span-3">
          <ActivityList
            address={address}
            pollMs={5_000}
            emptyAction={
              <ButtonLink href="/testnet" variant="secondary" size="sm">
                Go to the faucet
              </ButtonLink>
            }
          />
        </Card>
      </div>
    </PageContainer>
  );
}
