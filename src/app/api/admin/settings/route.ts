import { listSettings, settingsPatchSchema, settingsResponse, updateSettings } from "@/features/admin/server";
import { route } from "@/server/route";

export const GET = route(
  {
    roles: ["admin"],
    response: settingsResponse,
    summary: "Run-time settings stored in the database (the rest come from the environment)",
  },
  async ({ db }) => ({
    settings: (await listSettings(db)).map((s) => ({ ...s, updatedAt: s.updatedAt.toISOString() })),
  }),
);

export const PATCH = route(
  {
    roles: ["admin"],
    body: settingsPatchSchema,
    bodyLimit: 8192,
    response: settingsResponse,
    summary:
      "Change run-time settings (faucet drips, cooldown, pause, tiers, referral share); null resets a key to its environment default",
  },
  async ({ db, session, body }) => {
    await updateSettings(db, session.address, body);
    return {
      settings: (await listSettings(db)).map((s) => ({ ...s, updatedAt: s.updatedAt.toISOString() })),
    };
  },
);
