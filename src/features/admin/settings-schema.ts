import { z } from "zod";

// Settings an operator may change at run time (README "Configuration": the variables marked
// "run-time"). One zod schema per key, shared by the console form and PATCH /api/admin/settings.

const decimal = z.string().regex(/^\d{1,18}(\.\d{1,18})?$/, "a decimal amount such as 1 or 0.05");

export const SETTING_SCHEMAS = {
  "faucet.drip.native": decimal,
  "faucet.drip.tUSD": decimal,
  "faucet.drip.tETH": decimal,
  "faucet.cooldownSeconds": z
    .number()
    .int()
    .min(60)
    .max(30 * 86400),
  "faucet.paused": z.boolean(),
  "points.tiers": z
    .array(z.object({ name: z.string().min(1).max(30), min: z.number().int().min(0) }))
    .min(1)
    .max(10)
    .refine((t) => t[0]?.min === 0, "the first tier must start at 0")
    .refine((t) => t.every((x, i) => i === 0 || x.min > (t[i - 1]?.min ?? 0)), "tiers must increase"),
  "referral.sharePercent": z.number().int().min(0).max(100),
} as const;

export type SettingKey = keyof typeof SETTING_SCHEMAS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTING_SCHEMAS)[K]>;

/** PATCH body: any subset of known keys; `null` resets a key to its environment default. */
export const settingsPatchSchema = z
  .object(
    Object.fromEntries(
      Object.entries(SETTING_SCHEMAS).map(([k, s]) => [k, (s as z.ZodType).nullable().optional()]),
    ) as { [K in SettingKey]: z.ZodOptional<z.ZodNullable<(typeof SETTING_SCHEMAS)[K]>> },
  )
  .strict()
  .refine((o) => Object.keys(o).length > 0, "name at least one setting");
