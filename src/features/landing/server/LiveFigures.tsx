import { FiguresGrid } from "../components/LiveFigures";
import { landingFigures } from "./figures";

const integer = new Intl.NumberFormat("en-US");

/** Server component: the chain's latest block and the participant count (streamed in behind a skeleton). */
export async function LiveFigures({ chainId }: { chainId: number }) {
  const figures = await landingFigures();
  return (
    <FiguresGrid
      block={
        <span className={figures.blockNumber ? "tabular" : "text-muted"} data-testid="landing-block-number">
          {figures.blockNumber ? integer.format(BigInt(figures.blockNumber)) : "unavailable"}
        </span>
      }
      participants={
        <span
          className={figures.participants === null ? "text-muted" : "tabular"}
          data-testid="landing-participants"
        >
          {figures.participants === null ? "unavailable" : integer.format(figures.participants)}
        </span>
      }
      chainId={chainId}
    />
  );
}
