import { CopyButton } from "@/ui/CopyButton";
import { cn } from "@/ui/cn";

export type AccountNameProps = {
  /** Full, masked or checksummed: shown in the tooltip and copied as given. */
  address: string;
  /** The registered name (`alice.aurum`), or null/undefined to show the address. */
  name?: string | null;
  /** Adds a copy button for the address (the name hides it). */
  copy?: boolean;
  className?: string;
};

function short(address: string): string {
  return /^0x[0-9a-fA-F]{40}$/.test(address) ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/**
 * How the portal shows a participant: the name when there is one, else the short address. The
 * address stays one hover (tooltip) or one click (copy) away. Server- and client-safe.
 *
 * A `title` is only a mouse's: screen readers on phones and keyboards never reach it. So a name is
 * followed by the full address as visually hidden text, read as "alice.aurum, address 0x…". It sits
 * beside the `account-name` element, not in it, so that element's text stays the name alone.
 */
export function AccountName({ address, name, copy = false, className }: AccountNameProps) {
  return (
    <span className={cn("inline-flex min-w-0 items-center gap-1.5", className)}>
      <span
        title={address}
        data-testid="account-name"
        data-address={address}
        className={cn("truncate", name ? "font-sans font-medium" : "font-id")}
      >
        {name ?? short(address)}
      </span>
      {name ? <span className="sr-only">, address {address}</span> : null}
      {copy ? <CopyButton value={address} label="address" className="h-6 px-1.5" /> : null}
    </span>
  );
}
