import { formatInteger } from "@/lib/format";
import { requestLocale } from "@/server/locale";
import { FiguresGrid } from "../components/LiveFigures";
import { landingFigures } from "./figures";

/** Server component: the chain's latest block and the participant count (streamed in behind a skeleton). */
export async function LiveFigures({ chainId }: { chainId: number }) {
  const [figures, locale] = await Promise.all([landingFigures(), requestLocale()]);
  return (
    <FiguresGrid
      block={
        <span className={figures.blockNumber ? "tabular" : "text-muted"} data-testid="landing-block-number">
          {figures.blockNumber ? formatInteger(BigInt(figures.blockNumber), locale) : "unavailable"}
        </span>
      }
      participants={
        <span
          className={figures.participants === null ? "text-muted" : "tabular"}
          data-testid="landing-participants"
        >
          {figures.participants === null ? "unavailable" : formatInteger(figures.participants, locale)}
        </span>
      }
      chainId={chainId}
    />
  );
}
