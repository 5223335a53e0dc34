import "server-only";

// The request schemas for route files: the feature index also exports the console's components,
// which put every one of them into the client bundle of any page that loads the route modules (the
// API reference, through src/server/openapi.ts).
export { eventsBodySchema } from "./events-schema";
export {
  addressParam,
  auditQuery,
  faqBodySchema,
  faqPatchSchema,
  idempotencyKeySchema,
  newsBodySchema,
  newsPatchSchema,
  overviewSchema,
  participantsQuery,
  pointsAdjustSchema,
  rangeQuery,
  staffGrantSchema,
  taskBodySchema,
  taskPatchSchema,
  ticketPatchSchema,
  ticketsQuery,
} from "./schema";
/** The operator console's server entry (docs/ARCHITECTURE.md, "Feature entries"). */
export { auditPage } from "./server/audit";
export { recordEvents } from "./server/events";
export { EXPORT_KINDS, type ExportKind, exportCsv } from "./server/exports";
export { createFaq, listAdminFaq, updateFaq } from "./server/faq";
export { faucetOverview } from "./server/faucet";
export { requireConsoleViewer } from "./server/gate";
export {
  createArticle,
  listAdminNews,
  MAX_IMAGE_BYTES,
  previewMarkdown,
  readImage,
  storeImage,
  updateArticle,
} from "./server/news";
export { cachedOverview, overview } from "./server/overview";
export { adjustPoints, participantProfile, searchParticipants } from "./server/participants";
export {
  adminTaskResponse,
  adminTasksResponse,
  auditResponse,
  eventsResponse,
  faqListResponse,
  faqSavedResponse,
  faucetResponse,
  inboxResponse,
  mediaResponse,
  newsListResponse,
  newsSavedResponse,
  participantProfileResponse,
  participantsResponse,
  pointsAdjustResponse,
  revokedResponse,
  settingsResponse,
  staffReplyResponse,
  staffResponse,
  ticketThreadResponse,
} from "./server/responses";
export { getSetting, listSettings, updateSettings } from "./server/settings";
export { grantRole, listStaff, revokeRole } from "./server/staff";
export { inbox, staffReply, ticketThread, updateTicket } from "./server/support";
export { createTask, listAdminTasks, updateTask } from "./server/tasks";
export {
  deliveriesPage,
  endpointsPage,
  redeliver,
  redeliverResponse,
  setEndpointEnabled,
  webhookDeliveriesQuery,
  webhookDeliveriesResponse,
  webhookEndpointResponse,
  webhookEndpointsQuery,
  webhookEndpointsResponse,
  webhookPatchSchema,
} from "./server/webhooks";
export { settingsPatchSchema } from "./settings-schema";
