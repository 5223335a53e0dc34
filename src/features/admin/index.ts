// Client-safe public API of the operator console feature. Server code: `@/features/admin/server`.

export { AuditScreen } from "./components/AuditScreen";
export { ConsoleNav } from "./components/ConsoleNav";
export { ExportsScreen } from "./components/ExportsScreen";
export { FaqScreen } from "./components/FaqScreen";
export { FaucetScreen } from "./components/FaucetScreen";
export { NewsScreen } from "./components/NewsScreen";
export { OverviewScreen } from "./components/OverviewScreen";
export { ParticipantProfile } from "./components/ParticipantProfile";
export { ParticipantsScreen } from "./components/ParticipantsScreen";
export { SettingsScreen } from "./components/SettingsScreen";
export { StaffScreen } from "./components/StaffScreen";
export { SupportInbox } from "./components/SupportInbox";
export { TasksScreen } from "./components/TasksScreen";
export { WebhooksScreen } from "./components/WebhooksScreen";
export { ERROR_REPORTS_PER_MINUTE, EVENT_NAMES, type EventName, eventsBodySchema } from "./events-schema";
export { CONSOLE_SECTIONS } from "./nav";
export { SETTING_KEYS, SETTING_SCHEMAS, type SettingKey, settingsPatchSchema } from "./settings-schema";
