import { Foundation1763800000000 } from './1763800000000-Foundation';
import { Identity1763900000000 } from './1763900000000-Identity';
import { Catalog1764000000000 } from './1764000000000-Catalog';
import { CatalogSearchIndexes1764000000001 } from './1764000000001-CatalogSearchIndexes';
import { BookingChain1764100000000 } from './1764100000000-BookingChain';
import { PaymentAttemptRecovery1764200000000 } from './1764200000000-PaymentAttemptRecovery';
import { FeedFreshness1764330000001 } from './1764330000001-FeedFreshness';
import { AdvisorSessions1764320000001 } from './1764320000001-AdvisorSessions';
import { Webhooks1764300000000 } from './1764300000000-Webhooks';
import { SweepDeadLetters1764340000001 } from './1764340000001-SweepDeadLetters';
import { BackOffice1764310000000 } from './1764310000000-BackOffice';
import { DelegationReplays1764350000000 } from './1764350000000-DelegationReplays';
import { BookingAuthorizationIssuer1764350000001 } from './1764350000001-BookingAuthorizationIssuer';
import { CardTokenFingerprints1764350000002 } from './1764350000002-CardTokenFingerprints';
import { SingleStatementChain1764380000000 } from './1764380000000-SingleStatementChain';
import { GuestFollowUps1764370000000 } from './1764370000000-GuestFollowUps';
import { ClientReferencesAndSandbox1764420170000 } from './1764420170000-ClientReferencesAndSandbox';
import { WebhookEndpointHealth1764421800000 } from './1764421800000-WebhookEndpointHealth';
import { SealKeysAtRest1764421800001 } from './1764421800001-SealKeysAtRest';
import { FollowUpSettings1764421800002 } from './1764421800002-FollowUpSettings';
import { ShardReadyKeys1764425000000 } from './1764425000000-ShardReadyKeys';
import { InventoryNightStamps1764430000000 } from './1764430000000-InventoryNightStamps';
import { RatePlansByProperty1764440000000 } from './1764440000000-RatePlansByProperty';
import { CatalogChangeNotices1764440000001 } from './1764440000001-CatalogChangeNotices';
import { ChainValuesLz41764450000000 } from './1764450000000-ChainValuesLz4';
import { DailyRateChangeNotices1764450000001 } from './1764450000001-DailyRateChangeNotices';
import { PropertySearchKeys1764460000000 } from './1764460000000-PropertySearchKeys';
import { FollowUpSentIndex1764470000000 } from './1764470000000-FollowUpSentIndex';
import { StayRestrictions1764490000000 } from './1764490000000-StayRestrictions';
import { PartyPricingAndTaxes1764490001000 } from './1764490001000-PartyPricingAndTaxes';
import { SeveralRooms1764490002000 } from './1764490002000-SeveralRooms';
import { AgentLiveHolds1764490003000 } from './1764490003000-AgentLiveHolds';
import { TenantReceiptKeys1764490004000 } from './1764490004000-TenantReceiptKeys';
import { ChannelManagers1764491000000 } from './1764491000000-ChannelManagers';
import { ChannelConnections1764492000000 } from './1764492000000-ChannelConnections';
import { PaymentTerms1764493000000 } from './1764493000000-PaymentTerms';
import { PaymentProviderEvents1764494000000 } from './1764494000000-PaymentProviderEvents';
import { SandboxChargeAuthentication1764494001000 } from './1764494001000-SandboxChargeAuthentication';
import { OtaMessagesIn1764495000000 } from './1764495000000-OtaMessagesIn';

/** Every migration, in order. A new migration file is added here too. */
export const MIGRATIONS = [
  Foundation1763800000000,
  Identity1763900000000,
  Catalog1764000000000,
  CatalogSearchIndexes1764000000001,
  BookingChain1764100000000,
  PaymentAttemptRecovery1764200000000,
  Webhooks1764300000000,
  BackOffice1764310000000,
  AdvisorSessions1764320000001,
  FeedFreshness1764330000001,
  SweepDeadLetters1764340000001,
  DelegationReplays1764350000000,
  BookingAuthorizationIssuer1764350000001,
  CardTokenFingerprints1764350000002,
  SingleStatementChain1764380000000,
  GuestFollowUps1764370000000,
  ClientReferencesAndSandbox1764420170000,
  WebhookEndpointHealth1764421800000,
  SealKeysAtRest1764421800001,
  FollowUpSettings1764421800002,
  ShardReadyKeys1764425000000,
  InventoryNightStamps1764430000000,
  RatePlansByProperty1764440000000,
  CatalogChangeNotices1764440000001,
  ChainValuesLz41764450000000,
  DailyRateChangeNotices1764450000001,
  PropertySearchKeys1764460000000,
  FollowUpSentIndex1764470000000,
  StayRestrictions1764490000000,
  PartyPricingAndTaxes1764490001000,
  SeveralRooms1764490002000,
  AgentLiveHolds1764490003000,
  TenantReceiptKeys1764490004000,
  ChannelManagers1764491000000,
  ChannelConnections1764492000000,
  PaymentTerms1764493000000,
  PaymentProviderEvents1764494000000,
  SandboxChargeAuthentication1764494001000,
  OtaMessagesIn1764495000000,
];
