import { ApiProperty } from '@nestjs/swagger';
import { DELIVERY_STATES, SUBSCRIBABLE_EVENT_TYPES } from '@hcs/domain';

/** `webhookEndpointView` (libs/domain/src/webhooks/webhook.views.ts): never a secret. */
export class WebhookEndpointModel {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() url: string;
  @ApiProperty({ enum: SUBSCRIBABLE_EVENT_TYPES, isArray: true }) events: string[];
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ enum: ['enabled', 'disabled'] }) status: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why it is disabled (an admin, a receiver answering 410, or failures spanning WEBHOOK_DISABLE_AFTER_HOURS).',
  })
  disabled_reason: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) secret_rotated_at: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'Until then the previous secret also signs.' })
  previous_secret_expires_at: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'Start of the current run of failed attempts; null after a success.' })
  failing_since: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'Set when the service disabled the endpoint by itself.' })
  auto_disabled_at: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class WebhookEndpointWithSecretModel extends WebhookEndpointModel {
  @ApiProperty({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', description: 'Standard Webhooks signing secret. Shown only in this answer.' })
  secret: string;
}

export class WebhookEndpointPageModel {
  @ApiProperty({ type: [WebhookEndpointModel] }) items: WebhookEndpointModel[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page.' }) next_cursor: string | null;
}

export class DeliveryAttemptModel {
  @ApiProperty({ description: 'Attempt chain: 1, then one more per replay.' }) chain: number;
  @ApiProperty({ description: 'Attempt within the chain, from 1.' }) attempt: number;
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ type: Number, nullable: true, description: 'HTTP status of the receiver; null when none came back.' }) status: number | null;
  @ApiProperty() duration_ms: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'What happened, in fixed words (timeout, refused, TLS, HTTP status); never the receiver body or raw error text.',
  })
  error: string | null;
}

export class WebhookDeliveryModel {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) endpoint_id: string;
  @ApiProperty({ format: 'uuid', description: 'Also the `webhook-id` header of every attempt.' }) event_id: string;
  @ApiProperty({ enum: SUBSCRIBABLE_EVENT_TYPES }) event_type: string;
  @ApiProperty({ enum: DELIVERY_STATES }) state: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) next_attempt_at: string | null;
  @ApiProperty({ type: Number, nullable: true }) last_status: number | null;
  @ApiProperty({ type: String, nullable: true }) last_error: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: [DeliveryAttemptModel] }) attempts: DeliveryAttemptModel[];
}

export class WebhookDeliveryPageModel {
  @ApiProperty({ type: [WebhookDeliveryModel] }) items: WebhookDeliveryModel[];
  @ApiProperty({ type: String, nullable: true }) next_cursor: string | null;
}

export class WebhookTestResultModel {
  @ApiProperty({ format: 'uuid' }) webhook_id: string;
  @ApiProperty({ format: 'uuid', description: 'The `webhook-id` the ping carried.' }) event_id: string;
  @ApiProperty() status: number;
  @ApiProperty() duration_ms: number;
}

export class ReplayedDeliveriesModel {
  @ApiProperty({ type: [WebhookDeliveryModel] }) items: WebhookDeliveryModel[];
}
