import Link from "next/link";

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
              <Link href="/news" prefetch={false} className="hover:text-text">
                News
              </Link>
            </li>
            <li>
              <Link href="/faq" prefetch={false} className="hover:text-text">
                FAQ
              </Link>
            </li>
            <li>
              <Link href="/support" prefetch={false} className="hover:text-text">
                Support
              </Link>
            </li>
            <li>
              <Link href="/docs/api" prefetch={false} className="hover:text-text">
                API
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
