/** The events a webhook endpoint can subscribe to (docs/integrations.md). */
export const WEBHOOK_EVENT_TYPES = [
  "participant.signed_up",
  "task.completed",
  "faucet.paid",
  "ticket.opened",
  "airdrop.claimed",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
