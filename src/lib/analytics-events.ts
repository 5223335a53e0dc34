/** First-party analytics event names: the seed's wallet-modal events, page views and funnel steps. */
export const EVENT_NAMES = [
  "PAGE_VIEW",
  "MODAL_OPEN",
  "MODAL_CLOSE",
  "WALLET_CONNECTED",
  "SIWX_AUTH_SUCCESS",
  "SIWX_AUTH_ERROR",
  "CLICK_CANCEL_SIWX",
  "ERROR_REPORT",
] as const;
export type EventName = (typeof EVENT_NAMES)[number];
