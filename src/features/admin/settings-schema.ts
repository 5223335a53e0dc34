import { z } from "zod";
import { ASSET_DECIMALS } from "@/features/faucet/admin";

// Settings an operator may change at run time (README "Configuration": the variables marked
// "run-time"). One zod schema per key, for PATCH /api/admin/settings (server-side: the drips take
// the faucet's asset decimals from its server entry); the console form shows the 400 it answers.

const decimal = z.string().regex(/^\d{1,18}(\.\d{1,18})?$/, "a decimal amount such as 1 or 0.05");

/**
 * A drip of one faucet asset: no finer than the token's decimals (ASSET_DECIMALS), which the faucet
 * would round away when it converts to base units (`liveFaucetSettings`), so a tUSD drip of
 * 0.0000001 would silently pay nothing. Within the decimals, an amount other than 0 is at least one
 * base unit, so nothing rounds to 0; `0` itself stays allowed: it turns the asset off (README).
 */
const drip = (asset: keyof typeof ASSET_DECIMALS) => {
  const decimals = ASSET_DECIMALS[asset];
  return decimal.superRefine((v, ctx) => {
    // Trailing zeros change nothing (0.0000010 tUSD is 1 base unit).
    const fraction = (v.split(".")[1] ?? "").replace(/0+$/, "");
    if (fraction.length > decimals)
      ctx.addIssue({
        code: "custom",
        message: `at most ${decimals} decimal places (${asset} has ${decimals})`,
      });
  });
};

export const SETTING_SCHEMAS = {
  "faucet.drip.native": drip("native"),
  "faucet.drip.tUSD": drip("tUSD"),
  "faucet.drip.tETH": drip("tETH"),
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
