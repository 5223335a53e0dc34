/**
 * Referral codes: 8 characters from a 32-symbol alphabet without look-alikes (no 0/O, 1/I).
 * 32^8 ≈ 1.1e12 codes, so random generation collides rarely; callers retry on the unique index.
 */
export const REFERRAL_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const REFERRAL_CODE_LENGTH = 8;

// Both cases are listed explicitly: upper-casing first would let Unicode like "ß" (→ "SS") or
// "ſ" (→ "S") slip through.
const CODE_PATTERN = new RegExp(
  `^[${REFERRAL_ALPHABET}${REFERRAL_ALPHABET.toLowerCase()}]{${REFERRAL_CODE_LENGTH}}$`,
);

/** True for a well-formed code in any letter case (links are typed by hand). */
export function isReferralCode(value: string): boolean {
  return CODE_PATTERN.test(value);
}

/** The stored form of a code (upper case); throws for a malformed one. */
export function normalizeReferralCode(value: string): string {
  if (!CODE_PATTERN.test(value)) throw new Error(`not a referral code: ${JSON.stringify(value)}`);
  return value.toUpperCase();
}

/** A fresh uniformly random code (Web Crypto; works on the server and in tests). */
export function generateReferralCode(): string {
  // 32 symbols divide 256 evenly, so `byte % 32` has no modulo bias.
  const bytes = crypto.getRandomValues(new Uint8Array(REFERRAL_CODE_LENGTH));
  let code = "";
  for (const b of bytes) code += REFERRAL_ALPHABET[b % REFERRAL_ALPHABET.length];
  return code;
}
