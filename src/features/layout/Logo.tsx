/** The product mark: a gold coin with the product's initial, in the page's font (no system font). */
export function Logo({ productName, size = 28 }: { productName: string; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <circle cx="16" cy="16" r="15" fill="#d4a63a" />
      <circle cx="16" cy="16" r="11.5" fill="none" stroke="#0b0b0c" strokeOpacity="0.35" strokeWidth="1.5" />
      <text x="16" y="21.5" textAnchor="middle" fontSize="15" fontWeight="700" fill="#0b0b0c">
        {productName.slice(0, 1).toUpperCase()}
      </text>
    </svg>
  );
}
