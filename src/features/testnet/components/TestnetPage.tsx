import { FaucetPanel, FaucetStatusSection } from "@/features/faucet";
import type { PublicConfig } from "@/server/public-config";
import { Card, PageContainer, PageHeader } from "@/ui";
import { CopyButton } from "@/ui/CopyButton";
import type { ChainStatus } from "../chain-status-types";
import { chainIdHex } from "../format";
import { AddToWalletButton } from "./AddToWalletButton";
import { ChainStatusPanel } from "./ChainStatusPanel";

export type TestnetPageProps = { settings: PublicConfig; initialStatus: ChainStatus };

/** `/testnet`: the network's details, one-click "Add to wallet", and its live status. */
export function TestnetPage({ settings, initialStatus }: TestnetPageProps) {
  const chainName = `${settings.productName} Testnet`;
  const addSettings = {
    chainId: settings.chainId,
    chainName,
    nativeCurrencyName: settings.nativeCurrencyName,
    nativeSymbol: settings.nativeSymbol,
    rpcUrl: settings.rpcUrl,
    explorerUrl: settings.explorerUrl,
  };
  return (
    <PageContainer>
      <PageHeader
        title={chainName}
        description={`Get free test coins from the faucet, add the ${chainName} to your wallet and check that the network is up.`}
        actions={<AddToWalletButton settings={addSettings} />}
      />
      <div className="mb-6">
        <FaucetPanel explorerUrl={settings.explorerUrl} />
      </div>
      <div className="grid gap-6 lg:grid-cols-5">
        <Card title="Network details" className="lg:col-span-3">
          <dl className="divide-y divide-border">
            <Row label="Network name">{chainName}</Row>
            <Row label="Chain ID">
              <span className="tabular" data-testid="testnet-chain-id">
                {settings.chainId}
              </span>
              <span className="ml-2 font-id text-sm text-muted">({chainIdHex(settings.chainId)})</span>
            </Row>
            <Row label="Currency name">{settings.nativeCurrencyName}</Row>
            <Row label="Currency symbol">{settings.nativeSymbol}</Row>
            <Row label="Decimals">18</Row>
            <Row label="RPC URL" action={<CopyButton value={settings.rpcUrl} label="RPC URL" />}>
              <span className="break-all font-id text-sm" data-testid="testnet-rpc-url">
                {settings.rpcUrl}
              </span>
            </Row>
            <Row
              label="Block explorer"
              action={<CopyButton value={settings.explorerUrl} label="explorer URL" />}
            >
              <a
                href={settings.explorerUrl}
                target="_blank"
                rel="noreferrer"
                className="break-all font-id text-sm text-gold underline-offset-4 hover:underline"
              >
                {settings.explorerUrl}
              </a>
            </Row>
          </dl>
        </Card>
        <Card title="Live status" className="lg:col-span-2">
          <p className="mb-4 text-sm text-muted">Read from the network's RPC every 5 seconds.</p>
          <ChainStatusPanel initial={initialStatus} />
        </Card>
      </div>
      <div className="mt-6">
        <FaucetStatusSection explorerUrl={settings.explorerUrl} />
      </div>
    </PageContainer>
  );
}

function Row({
  label,
  action,
  children,
}: {
  label: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:gap-4">
      <dt className="w-36 shrink-0 text-sm text-muted">{label}</dt>
      <dd className="flex min-w-0 flex-1 items-center justify-between gap-3 text-text">
        <span className="min-w-0">{children}</span>
        {action}
      </dd>
    </div>
  );
}
