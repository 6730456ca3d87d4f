/**
 * The shapes the console reads, taken from the types generated from the OpenAPI document in the
 * build (`openapi.gen.ts`, from `apps/api/openapi.snapshot.json`; docs/console.md "Wire types").
 * Nothing here restates a field: a renamed or retyped field in a response model fails the
 * console's typecheck.
 */
import type { components, paths } from './openapi.gen';
import type { OPERATIONS, OperationName } from './operations';

type Schemas = components['schemas'];

export type Money = Schemas['MoneyModel'];
export type Booking = Schemas['BookingModel'];
export type AuditItem = Schemas['AuditItemModel'];
export type Refund = Schemas['RefundModel'];
export type CancellationPreview = Schemas['CancellationPreviewModel'];
export type InventoryNight = Schemas['InventoryNightModel'];
export type RateCalendar = Schemas['RateCalendarModel'];
export type StayRestrictionDate = Schemas['StayRestrictionDateModel'];
export type OccupancyPricing = Schemas['OccupancyPricingModel'];
export type PaymentTerms = Schemas['PaymentTermsModel'];
export type Charge = Schemas['TaxModel'];
export type WebhookEndpoint = Schemas['WebhookEndpointModel'];
export type WebhookDelivery = Schemas['WebhookDeliveryModel'];
export type OversellIncident = Schemas['OversellIncidentModel'];
export type ChannelConnection = Schemas['ChannelConnectionModel'];
export type ChannelDelivery = Schemas['ChannelDeliveryModel'];
export type Channel = Schemas['ChannelModel'];
export type ChannelMessage = Schemas['ChannelMessageModel'];

/** A success envelope whose `data` is `T`. */
export type Envelope<T> = Omit<Schemas['SuccessEnvelopeModel'], 'data'> & { data: T };

/** The error envelope's body; the client makes one (network_error) with the required fields only. */
export type ErrorBody = Pick<Schemas['ErrorBodyModel'], 'code' | 'message' | 'remediation' | 'trace_id' | 'detail'> & Partial<Schemas['ErrorBodyModel']>;

type OperationOf<N extends OperationName> = paths[(typeof OPERATIONS)[N]['path']][Lowercase<(typeof OPERATIONS)[N]['method']>];

/** The `data` of an operation's 2xx JSON answer. */
type SuccessData<O> = O extends { responses: infer R }
  ? { [S in keyof R]: S extends 200 | 201 ? (R[S] extends { content: { 'application/json': { data: infer D } } } ? D : never) : never }[keyof R]
  : never;

/** What `data` each operation answers with, read from its route in the document. */
export type OperationData = { [N in OperationName]: SuccessData<OperationOf<N>> };

// Every operation of OPERATIONS answers a `data` the document describes (none resolves to `never`).
type Undescribed = { [N in OperationName]: [OperationData[N]] extends [never] ? N : never }[OperationName];
export const everyOperationHasItsData: [Undescribed] extends [never] ? true : Undescribed = true;
