/** Where a key applies: tenant + principal + route + key (docs/api-contract.md "Idempotency"). */
export interface IdempotencyScope {
  tenantId: string;
  principalId: string;
  /** Method and route pattern, e.g. `POST /v1/bookings/:id/cancel`. */
  route: string;
  key: string;
}

/** A response as the transport sent it, replayed byte for byte. */
export interface StoredResponse {
  status: number;
  body: unknown;
}

export interface IdempotencyRecord {
  requestHash: string;
  state: 'in_progress' | 'completed';
  response: StoredResponse | null;
  /** The owner's lease ran out (it died or stalled): another request may take over. */
  leaseExpired: boolean;
  /** Past the retention window: the key is free again. */
  expired: boolean;
}

/** Port: idempotency records. Times are decided by the database clock. */
export abstract class IdempotencyRecordRepository {
  /** Inserts an in-progress record; true when this caller now owns the key. */
  abstract tryBegin(scope: IdempotencyScope, requestHash: string, leaseMs: number, retentionHours: number): Promise<boolean>;
  abstract find(scope: IdempotencyScope): Promise<IdempotencyRecord | null>;
  /** Takes over an in-progress record whose lease ran out; true when this caller now owns it. */
  abstract takeOver(scope: IdempotencyScope, requestHash: string, leaseMs: number): Promise<boolean>;
  abstract renewLease(scope: IdempotencyScope, leaseMs: number): Promise<void>;
  /** Seals the final response. */
  abstract complete(scope: IdempotencyScope, response: StoredResponse): Promise<void>;
  /** Forgets an in-progress record whose outcome is not sealed (the key may be used again). */
  abstract abandon(scope: IdempotencyScope): Promise<void>;
  /** Removes the record when it is past retention. */
  abstract deleteExpired(scope: IdempotencyScope): Promise<void>;
  /** Deletes up to `limit` records of any tenant past retention (the worker's purge); returns how many. */
  abstract purgeExpired(limit: number): Promise<number>;
}
