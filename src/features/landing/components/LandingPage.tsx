import { Suspense } from "react";
import type { PublicConfig } from "@/server/public-config";
import { ButtonLink, PageContainer, PageLink } from "@/ui";
import { CAMPAIGN_FEATURES } from "../features";
import { LiveFiguresSkeleton } from "./LiveFigures";

export type LandingPageProps = {
  settings: Pick<PublicConfig, "productName" | "nativeSymbol" | "chainId">;
  /** Shown above the title: the invite note when the visitor came through `/:ref`. */
  notice?: React.ReactNode;
  /** The live figures (a server component from ./server.ts, streamed in behind a skeleton). */
  figures: React.ReactNode;
};

/** `/` and `/:ref`: what the testnet campaign is, what you can do, and live figures. */
export function LandingPage({ settings, notice, figures }: LandingPageProps) {
  const network = `${settings.productName} Testnet`;
  return (
    <PageContainer>
      <section className="pb-10 pt-4 sm:pt-10 lg:pb-14">
        {notice}
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold">Testnet campaign</p>
        <h1 className="mt-3 max-w-3xl text-3xl font-semibold leading-tight tracking-tight text-text sm:text-5xl">
          Try the {network} before mainnet — and earn for it.
        </h1>
        <p className="mt-4 max-w-2xl text-base text-muted sm:text-lg">
          The {network} is a public test network (chain ID {settings.chainId}) where {settings.nativeSymbol}{" "}
          and every token are free to use. Connect a wallet, explore swaps and staking, complete tasks, and
          collect points toward the airdrop.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink href="/testnet" size="lg">
            Get started
          </ButtonLink>
          <ButtonLink href="/task" size="lg" variant="secondary">
            See the tasks
          </ButtonLink>
        </div>
      </section>

      <section aria-labelledby="live-heading" className="mb-12">
        <h2 id="live-heading" className="mb-3 text-sm font-medium text-muted">
          Live on the network
        </h2>
        <Suspense fallback={<LiveFiguresSkeleton chainId={settings.chainId} />}>{figures}</Suspense>
      </section>

      <section aria-labelledby="features-heading" className="mb-12">
        <h2 id="features-heading" className="text-xl font-semibold text-text sm:text-2xl">
          What you can do
        </h2>
        <p className="mt-2 text-muted">
          Six steps through the campaign. Sign in with your wallet to start any of them.
        </p>
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6">
          {CAMPAIGN_FEATURES.map((f, i) => (
            <li key={f.href}>
              <PageLink
                href={f.href}
                className="group flex h-full flex-col rounded-card border border-border bg-surface p-5 transition-colors hover:border-gold"
              >
                <span className="tabular text-xs font-semibold text-gold">
                  {String(i + 1).padStart(2, "0")}
                </span>
                <span className="mt-2 text-lg font-semibold text-text group-hover:text-gold">{f.title}</span>
                <span className="mt-2 text-sm text-muted">{f.body}</span>
                <span className="mt-auto pt-4 text-sm font-medium text-gold" aria-hidden="true">
                  Open →
                </span>
              </PageLink>
            </li>
          ))}
        </ul>
      </section>

      <section className="mb-8 rounded-card border border-border bg-raised p-6 sm:p-8">
        <h2 className="text-lg font-semibold text-text">New to testnets?</h2>
        <p className="mt-2 max-w-3xl text-sm text-muted">
          Nothing here costs real money: {settings.nativeSymbol} on the {network} has no value and the faucet
          hands it out for free. Use a separate wallet account if you like, and never share your recovery
          phrase — we will never ask for it.
        </p>
      </section>
    </PageContainer>
  );
}
