// Client-safe public API of the operator console feature. Server code: `@/features/admin/server`.
export { ERROR_REPORTS_PER_MINUTE, EVENT_NAMES, type EventName, eventsBodySchema } from "./events-schema";
export { CONSOLE_SECTIONS } from "./nav";
export { SETTING_KEYS, SETTING_SCHEMAS, type SettingKey, settingsPatchSchema } from "./settings-schema";
