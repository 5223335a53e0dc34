import { z } from "zod";

/** `POST /api/auth/verify` body: the EIP-4361 message text the wallet signed and its signature. */
export const verifyBodySchema = z.object({
  message: z.string().min(1).max(8192),
  // 64/65-byte ECDSA signatures, or longer ERC-1271/ERC-6492 smart-account signatures.
  signature: z
    .string()
    .max(32_768)
    .regex(/^0x(?:[0-9a-fA-F]{2}){64,}$/, "Invalid format"),
});

export type VerifyBody = z.infer<typeof verifyBodySchema>;

/** Answer of verify and session: the signed-in address, EIP-55 checksummed. */
export type SessionAnswer = { address: `0x${string}` };
