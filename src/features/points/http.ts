// One client-side reading of the API's error shape for every feature (src/lib/api-client.ts).
export { ApiClientError as CampaignApiError, readApiResponse as readApi } from "@/lib/api-client";
