/** The endpoint an admin's webhook command acts on. */
export interface WebhookEndpointCommand {
  endpointId: string;
}
