import { SetMetadata } from '@nestjs/common';
import type { NextActionRel } from '@hcs/contracts';

export const CAPABILITY_METADATA = 'hcs:capability';

export interface CapabilityOptions {
  /** Stable id agents refer to (`search`, `create_quote`, ...); flows name steps by it. */
  id: string;
  description: string;
  /** The rel of the next action this route's answer points to, or null. */
  next_rel: NextActionRel | null;
  /** True when a retry with the same Idempotency-Key (or a plain retry, for reads) is safe. */
  idempotent: boolean;
}

/**
 * Marks a business route as an agent capability. The agent card lists exactly the routes that
 * carry it, with the method and path read from the route table, so the card cannot drift from
 * what the app serves.
 */
export const Capability = (options: CapabilityOptions) => SetMetadata(CAPABILITY_METADATA, options);
