"use client";

import dynamic from "next/dynamic";

/**
 * The console's screens, each loaded with the page that shows it. The admin pages import them
 * from the feature index; re-exported from there directly, every screen (with the zod schemas,
 * charts and forms they use) was a client reference of every console page, so /admin fetched the
 * whole console (docs/ARCHITECTURE.md, "Client bundles"; issue 11). Server-rendered as before: the
 * page's own screen is in its HTML and its chunk is loaded before hydration, so nothing moves.
 */
export const AuditScreen = dynamic(() => import("./AuditScreen").then((m) => m.AuditScreen));
export const ExportsScreen = dynamic(() => import("./ExportsScreen").then((m) => m.ExportsScreen));
export const FaqScreen = dynamic(() => import("./FaqScreen").then((m) => m.FaqScreen));
export const FaucetScreen = dynamic(() => import("./FaucetScreen").then((m) => m.FaucetScreen));
export const NewsScreen = dynamic(() => import("./NewsScreen").then((m) => m.NewsScreen));
export const OverviewScreen = dynamic(() => import("./OverviewScreen").then((m) => m.OverviewScreen));
export const ParticipantProfile = dynamic(() =>
  import("./ParticipantProfile").then((m) => m.ParticipantProfile),
);
export const ParticipantsScreen = dynamic(() =>
  import("./ParticipantsScreen").then((m) => m.ParticipantsScreen),
);
export const SettingsScreen = dynamic(() => import("./SettingsScreen").then((m) => m.SettingsScreen));
export const StaffScreen = dynamic(() => import("./StaffScreen").then((m) => m.StaffScreen));
export const SupportInbox = dynamic(() => import("./SupportInbox").then((m) => m.SupportInbox));
export const TasksScreen = dynamic(() => import("./TasksScreen").then((m) => m.TasksScreen));
export const WebhooksScreen = dynamic(() => import("./WebhooksScreen").then((m) => m.WebhooksScreen));
