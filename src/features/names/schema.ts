import { z } from "zod";

// Wire shapes and request schemas of the names API (client-safe; docs/api.md "Names").

/** `GET /api/profile/account/{name}`: the seed's record. Timestamps are Unix seconds. */
export const nameRecordSchema = z.object({
  name: z.string(),
  registered_at: z.number().int().nullable(),
  updated_at: z.number().int().nullable(),
  /** Keyed by coin type (ENSIP-11: chain id with the high bit set). */
  addresses: z.record(z.string(), z.object({ address: z.string() })),
  attributes: z.record(z.string(), z.string()),
});
export type NameRecord = z.infer<typeof nameRecordSchema>;

/** `GET /api/profile/suggestions/{name}`: availability, why not, and free alternatives. */
export const nameSuggestionsSchema = z.object({
  name: z.string(),
  available: z.boolean(),
  reason: z.string().nullable(),
  suggestions: z.array(z.string()),
  /**
   * Signed in with a name still inside the rename cooldown: when a rename is possible (Unix
   * seconds). Null otherwise (signed out, no name yet, or free to rename now).
   */
  rename_available_at: z.number().int().nullable(),
});
export type NameSuggestions = z.infer<typeof nameSuggestionsSchema>;

/** `GET /api/profile/message` */
export const nameMessageSchema = z.object({
  message: z.string(),
  coin_type: z.number().int(),
  name: z.string(),
  expires_at: z.number().int(),
});
export type NameMessage = z.infer<typeof nameMessageSchema>;

/** `GET /api/profile/message` 409 RENAME_COOLDOWN: the error plus when a rename is possible. */
export const renameCooldownSchema = z.object({
  error: z.object({ code: z.literal("RENAME_COOLDOWN"), message: z.string() }),
  rename_available_at: z.number().int(),
});

/** `POST /api/profile/account` */
export const nameRegisteredSchema = z.object({ success: z.literal(true), record: nameRecordSchema });
export type NameRegistered = z.infer<typeof nameRegisteredSchema>;

export const addressInput = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, "Enter a 0x address of 40 hexadecimal characters.");

export const registerBodySchema = z.object({
  coin_type: z.number().int().min(0).max(0xffffffff),
  address: addressInput,
  message: z.string().min(1).max(2000),
  // 65-byte ECDSA, or a longer ERC-1271 / ERC-6492 smart-account signature.
  signature: z
    .string()
    .regex(/^0x([0-9a-fA-F]{2}){65,}$/, "Invalid format")
    .max(20_000),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;
