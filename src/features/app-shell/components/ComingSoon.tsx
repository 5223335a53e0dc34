import { ButtonLink, PageContainer, PageHeader } from "@/ui";

export type ComingSoonProps = { title: string; description: string };

/** A protected page whose feature has not landed yet: title, purpose, and a plain "being built" panel. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  return (
    <PageContainer>
      <PageHeader title={title} description={description} />
      <section
        aria-labelledby="coming-soon-heading"
        className="rounded-card border border-dashed border-gold/40 bg-surface px-6 py-12 text-center"
      >
        <p className="text-xs font-semibold uppercase tracking-widest text-gold">Coming soon</p>
        <h2 id="coming-soon-heading" className="mt-3 text-xl font-semibold text-text">
          This feature is being built
        </h2>
        <p className="mx-auto mt-2 max-w-md text-sm text-muted">
          It will appear here as the campaign rolls out. Meanwhile you can set up the testnet in your wallet.
        </p>
        <ButtonLink href="/testnet" variant="secondary" className="mt-6">
          Open the testnet page
        </ButtonLink>
      </section>
    </PageContainer>
  );
}
