import "server-only";

export {
  completionResponse,
  createdEndpointResponse,
  deliveryListResponse,
  endpointInput,
  endpointListResponse,
  evmAddress,
  pointsImportResponse,
  publicTasksResponse,
  taskIdParam,
  zealyRequest,
  zealyResponse,
} from "./schema";
/** The integrations feature's server entry (docs/integrations.md): verification, imports, webhooks. */
export { completionOf, publicTasks, taskExists } from "./server/completions";
export { deliverDue } from "./server/delivery";
export { importPoints, MAX_IMPORT_BYTES } from "./server/points-import";
export { verifyWebhookSignature } from "./server/signature";
export {
  assertEndpointEnabled,
  createEndpoint,
  createEndpointAudited,
  deleteEndpointAudited,
  redactedUrl,
} from "./server/webhooks";
export { webhookWorker } from "./server/worker";
export { zealyVerify } from "./server/zealy";
