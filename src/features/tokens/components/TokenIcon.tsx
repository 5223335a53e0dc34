import { cn } from "@/ui";
import { tokenIconDataUri } from "../icons";
import type { TokenId } from "../tokens";

/** A token's icon (inline SVG data URI: no remote image, works offline). Decorative: the symbol is always shown beside it. */
export function TokenIcon({
  id,
  size = 24,
  className,
}: {
  id: TokenId | "lp";
  size?: number;
  className?: string;
}) {
  return (
    // biome-ignore lint/performance/noImgElement: a tiny inline data URI; next/image would add nothing
    <img
      src={tokenIconDataUri(id)}
      width={size}
      height={size}
      alt=""
      aria-hidden="true"
      className={cn("shrink-0 rounded-full", className)}
    />
  );
}
