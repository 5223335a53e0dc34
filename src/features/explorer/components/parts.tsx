import type { ReactNode } from "react";
import { formatUnits } from "viem";
import { formatInteger } from "@/lib/format";
import { hashLinkClasses, PageContainer, PageHeader, PageLink } from "@/ui";

/** Exact amount with thousands separators (an explorer shows every digit, unlike the wallet's 3 decimals). */
export function exactUnits(value: bigint | string, decimals: number): string {
  const [whole = "0", frac] = formatUnits(BigInt(value), decimals).split(".");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${frac ? `.${frac}` : ""}`;
}

export const shortHash = (h: string) => `${h.slice(0, 10)}…${h.slice(-8)}`;

export function AddressLink({
  address,
  labels,
  short = false,
}: {
  address: string;
  labels?: Map<string, string>;
  short?: boolean;
}) {
  const label = labels?.get(address.toLowerCase());
  return (
    <PageLink href={`/explorer/address/${address}`} className={hashLinkClasses} title={address}>
      {label ? (
        <span className="font-sans">{label}</span>
      ) : short ? (
        `${address.slice(0, 8)}…${address.slice(-6)}`
      ) : (
        address
      )}
    </PageLink>
  );
}

export function TxLink({ hash, short = false }: { hash: string; short?: boolean }) {
  return (
    <PageLink href={`/explorer/tx/${hash}`} className={hashLinkClasses} title={hash}>
      {short ? shortHash(hash) : hash}
    </PageLink>
  );
}

export function BlockLink({ number, locale }: { number: number; locale: string }) {
  return (
    <PageLink
      href={`/explorer/block/${number}`}
      className="tabular text-gold underline-offset-4 hover:underline"
    >
      {formatInteger(number, locale)}
    </PageLink>
  );
}

/** A label/value list that stacks on phones and becomes two columns from 600 px. */
export function Facts({ children }: { children: ReactNode }) {
  return <dl className="divide-y divide-border">{children}</dl>;
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="min-w-0 break-all text-sm text-text">{children}</dd>
    </div>
  );
}

export function ExplorerFrame({
  title,
  description,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <PageContainer>
      <PageHeader title={title} description={description} actions={<SearchForm />} />
      <div className="flex flex-col gap-6">{children}</div>
    </PageContainer>
  );
}

/** A plain GET form: works without JavaScript, the search page redirects to the right view. */
export function SearchForm() {
  return (
    <search className="w-full sm:w-auto">
      <form action="/explorer/search" method="get" className="flex w-full gap-2">
        <label htmlFor="explorer-q" className="sr-only">
          Search by transaction hash, address, name or block number
        </label>
        <input
          id="explorer-q"
          name="q"
          placeholder="Tx hash, address, name or block"
          autoComplete="off"
          spellCheck={false}
          className="h-10 w-full min-w-0 rounded-control border border-border bg-bg px-3 font-id text-sm text-text placeholder:font-sans placeholder:text-muted focus:border-gold focus:outline-none sm:w-80"
        />
        <button
          type="submit"
          className="h-10 shrink-0 rounded-control bg-gold px-4 text-sm font-medium text-bg hover:bg-gold-hover active:bg-gold-pressed"
        >
          Search
        </button>
      </form>
    </search>
  );
}
