export interface SignedMessage {
  /** The delivery attempt this POST is (absent for an endpoint test): which chain of attempts, of which tenant's delivery. */
  delivery?: { tenantId: string; deliveryId: string; chain: number };
  url: string;
  webhookId: string;
  body: string;
  /** Plain `whsec_` secrets; every one signs (rotation overlap). */
  secrets: string[];
  timeoutMs: number;
}

export interface SendResult {
  status: number | null;
  durationMs: number;
  error: string | null;
}

/** Port: one signed POST to a receiver under the outbound address rule (docs/events.md "Receiver safety"). */
export abstract class WebhookSender {
  abstract send(message: SignedMessage): Promise<SendResult>;
}
