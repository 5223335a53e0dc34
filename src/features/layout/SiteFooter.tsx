import { PageLink } from "@/ui";

/** The footer: what this site is, where help is, and a reminder that test coins have no value. */
export function SiteFooter({ productName, chainId }: { productName: string; chainId: number }) {
  return (
    <footer className="mt-16 border-t border-border">
      <div className="mx-auto flex max-w-[1600px] flex-col gap-4 px-4 py-8 text-sm text-muted sm:px-6 md:flex-row md:items-center md:justify-between">
        <p>
          {productName} Testnet campaign portal · chain id <span className="tabular">{chainId}</span>. Test
          coins have no value.
        </p>
        <nav aria-label="Help">
          <ul className="flex gap-4">
            <li>
              <PageLink href="/news" className="hover:text-text">
                News
              </PageLink>
            </li>
            <li>
              <PageLink href="/faq" className="hover:text-text">
                FAQ
              </PageLink>
            </li>
            <li>
              <PageLink href="/support" className="hover:text-text">
                Support
              </PageLink>
            </li>
            <li>
              <PageLink href="/docs/api" className="hover:text-text">
                API
              </PageLink>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
