/**
 * A link to an address, transaction or block: in the id face, gold, and always underlined. These
 * links often sit in running text ("0x12…34 → Swap router", "Transaction 0xab…"), where colour alone
 * would not tell them apart from the words around them (axe: link-in-text-block).
 */
export const hashLinkClasses =
  "font-id text-gold underline decoration-gold/40 underline-offset-4 hover:decoration-gold";
