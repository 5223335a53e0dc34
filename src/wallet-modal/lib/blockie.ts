/**
 * Deterministic "blockie" identicon (the ethereum-blockies algorithm: xorshift PRNG seeded from the
 * lower-cased address, three HSL colours, a horizontally mirrored 8×8 grid). Pure and DOM-free so the
 * server can render the avatar into HTML and the client renders the same markup.
 */
export type Blockie = {
  size: number;
  color: string;
  background: string;
  spot: string;
  /** Row-major cells: 0 background, 1 colour, 2 spot. */
  cells: number[];
};

export function blockie(seed: string, size = 8): Blockie {
  const state = [0, 0, 0, 0];
  const text = seed.toLowerCase();
  for (let i = 0; i < text.length; i++) {
    const k = i % 4;
    state[k] = ((state[k]! << 5) - state[k]! + text.charCodeAt(i)) | 0;
  }
  const rand = () => {
    const t = state[0]! ^ (state[0]! << 11);
    state[0] = state[1]!;
    state[1] = state[2]!;
    state[2] = state[3]!;
    state[3] = state[3]! ^ (state[3]! >> 19) ^ t ^ (t >> 8);
    return (state[3]! >>> 0) / ((1 << 31) >>> 0);
  };
  const colour = () => {
    const h = Math.floor(rand() * 360);
    const s = rand() * 60 + 40;
    const l = (rand() + rand() + rand() + rand()) * 25;
    return `hsl(${h} ${s.toFixed(1)}% ${l.toFixed(1)}%)`;
  };
  const color = colour();
  const background = colour();
  const spot = colour();
  const dataWidth = Math.ceil(size / 2);
  const mirrorWidth = size - dataWidth;
  const cells: number[] = [];
  for (let y = 0; y < size; y++) {
    const row: number[] = [];
    for (let x = 0; x < dataWidth; x++) row.push(Math.floor(rand() * 2.3));
    cells.push(...row, ...row.slice(0, mirrorWidth).reverse());
  }
  return { size, color, background, spot, cells };
}
