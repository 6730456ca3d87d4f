/** The shapes the console reads, as the OpenAPI document describes them (docs/console.md). */
import type { OperationName } from './operations';

export interface Money {
  amount: number;
  currency: string;
}
export interface NextAction {
  rel: string;
  method: string;
  href: string;
}
export interface Envelope<T> {
  data: T;
  trace_id: string;
  next_actions: NextAction[];
  receipt?: Record<string, unknown>;
}
export interface ErrorBody {
  code: string;
  message: string;
  remediation: string;
  trace_id: string;
  detail: Record<string, unknown>;
  docs_url?: string;
}
export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}
export interface Stay {
  check_in: string;
  check_out: string;
}
export interface Traveler {
  iss: string;
  sub: string;
}
export interface BookingSummary {
  booking_id: string;
  state: 'confirmed' | 'cancelled';
  property_id: string;
  room_type_id: string;
  stay: Stay;
  total: Money;
  guest_name: string;
  traveler: Traveler;
  agent_id: string;
  created_at: string;
}
export interface PriceBreakdown {
  currency: string;
  nights: Array<{ date: string; amount: Money }>;
  subtotal: Money;
  taxes: Array<{ code: string; name: string; amount: Money }>;
  fees: Array<{ code: string; name: string; amount: Money }>;
  total: Money;
}
export interface PolicySnapshot {
  version: string;
  cancellation_kind: string;
  free_cancellation_hours_before_checkin: number;
  cancellation_fee_pct_after_cutoff: number;
  free_cancellation_until: string | null;
  check_in_at: string;
  timezone: string;
  child_policy_text: string | null;
  cancellation_timeline?: Array<{ until: string | null; fee: Money }>;
}
export interface Cancellation {
  cancelled_at: string;
  fee: Money;
  refund: Money;
  refund_id: string | null;
  policy_version: string;
  reason: string | null;
}
export interface Booking {
  booking_id: string;
  state: 'confirmed' | 'cancelled';
  property_id: string;
  room_type_id: string;
  rate_plan_id: string;
  stay: Stay;
  guests: { adults: number; children?: Array<{ age: number }> };
  guest: { primary: { full_name: string; email: string; phone: string } };
  price_breakdown: PriceBreakdown;
  policy_snapshot: PolicySnapshot;
  payment: { state: string; amount: Money; refunded: Money; captured_at: string } | null;
  traveler: Traveler;
  agent_id: string;
  created_at: string;
  cancellation?: Cancellation;
}
export interface AuditItem {
  seq: number;
  type: string;
  at: string;
  actor: { kind: string; id: string | null };
  traveler?: Traveler;
  trace_id: string;
  data: Record<string, unknown>;
}
export interface Refund {
  refund_id: string;
  booking_id: string;
  amount: Money;
  state: string;
  reason: string | null;
  created_at: string;
}
export interface CancellationPreview {
  fee: Money;
  refund: Money;
  policy_version: string;
  free_until?: string | null;
}
export interface Property {
  id: string;
  slug: string;
  name: string;
  promoted: boolean;
}
export interface RatePlan {
  id: string;
  code: string;
  name: string;
  currency: string;
}
export interface RoomType {
  id: string;
  code: string;
  name: string;
  rate_plans: RatePlan[];
}
export interface PropertyDetail extends Property {
  room_types: RoomType[];
}
export interface InventoryNight {
  night: string;
  allotment: number;
  overridden: boolean;
  held: number;
  sold: number;
  available: number;
}
export interface InventoryCalendar {
  room_type_id: string;
  default_inventory: number;
  nights: InventoryNight[];
}
export interface RateCalendar {
  rate_plan_id: string;
  currency: string;
  base_rate: Money;
  nights: Array<{ night: string; amount: number; overridden: boolean }>;
}
export interface Agent {
  id: string;
  name: string;
  status: 'active' | 'disabled';
  scopes: string[];
  booking_limit: Money | null;
  created_at: string;
}
export interface Credential {
  id: string;
  prefix: string;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}
export interface IssuedCredential {
  agent: Agent;
  credential: { id: string; secret: string; prefix: string; created_at: string };
}
export interface Issuer {
  id: string;
  iss: string;
  name: string;
  status: 'active' | 'suspended' | 'revoked';
  jwks_url: string | null;
  allowed_audiences: string[];
  created_at: string;
}
export interface WebhookEndpoint {
  id: string;
  url: string;
  events: string[];
  description?: string | null;
  status?: string;
  enabled?: boolean;
  disabled_reason?: string | null;
  /** Set when the service disabled the endpoint by itself (failures spanning the limit, or 410 Gone). */
  auto_disabled_at?: string | null;
  failing_since?: string | null;
  created_at?: string;
  secret?: string;
}
export interface DeliveryAttempt {
  at: string;
  status: number | null;
  duration_ms?: number | null;
  error?: string | null;
}
export interface WebhookDelivery {
  id: string;
  event_id?: string;
  event_type?: string;
  type?: string;
  state: string;
  attempts: DeliveryAttempt[];
  created_at?: string;
  next_attempt_at?: string | null;
}
/** GET /v1/admin/oversell-incidents/{id} (docs/back-office.md). */
export interface OversellIncident {
  oversell_incident_id: string;
  state: 'open' | 'resolved';
  property_id: string;
  room_type_id: string;
  date: string;
  allotment: number;
  sold: number;
  held: number;
  oversold_by: number;
  booking_ids: string[];
  opened_at: string;
  resolved_at: string | null;
  resolution_note: string | null;
}

/** What `data` each operation answers with. */
export interface OperationData {
  listBookings: Page<BookingSummary>;
  getBooking: Booking;
  getBookingAudit: { booking_id: string; items: AuditItem[] };
  cancelBooking: Booking;
  getRefund: Refund;
  cancellationPreview: CancellationPreview;
  issueRefund: Refund;
  listProperties: Page<Property>;
  getProperty: PropertyDetail;
  readInventory: InventoryCalendar;
  setInventory: InventoryCalendar;
  readRates: RateCalendar;
  listAgents: { items: Agent[] };
  createAgent: IssuedCredential;
  getAgent: Agent & { credentials: Credential[] };
  updateAgent: Agent;
  rotateCredential: IssuedCredential;
  revokeCredential: Credential;
  listIssuers: { items: Issuer[] };
  createIssuer: Issuer;
  updateIssuer: Issuer;
  listWebhooks: Page<WebhookEndpoint> | { items: WebhookEndpoint[] };
  createWebhook: WebhookEndpoint;
  updateWebhook: WebhookEndpoint;
  testWebhook: Record<string, unknown>;
  listDeliveries: Page<WebhookDelivery>;
  replayDelivery: WebhookDelivery;
  listIncidents: Page<OversellIncident>;
  resolveIncident: OversellIncident;
}

// Every operation has its answer type, and nothing else does.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const operationDataIsComplete: Exact<keyof OperationData, OperationName> = true;
