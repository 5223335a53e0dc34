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
