// Client-safe public API of the operator console feature. Server code: `@/features/admin/server`.

export { ConsoleNav } from "./components/ConsoleNav";
export {
  AuditScreen,
  ExportsScreen,
  FaqScreen,
  FaucetScreen,
  NewsScreen,
  OverviewScreen,
  ParticipantProfile,
  ParticipantsScreen,
  SettingsScreen,
  StaffScreen,
  SupportInbox,
  TasksScreen,
  WebhooksScreen,
} from "./components/screens";
export { ERROR_REPORTS_PER_MINUTE, EVENT_NAMES, type EventName, eventsBodySchema } from "./events-schema";
export { CONSOLE_SECTIONS } from "./nav";
export { SETTING_KEYS, SETTING_SCHEMAS, type SettingKey, settingsPatchSchema } from "./settings-schema";
