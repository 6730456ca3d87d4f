import type { ChainAuditEntry, HoldState, IdempotentRequest, NewHold, NewQuote, QuoteSource, QuoteSourceQuery } from '@hcs/domain';
import { HoldRepository, QuoteRepository, QuoteSourceReader } from '@hcs/domain';
import { decoratePort, PortDecoration } from '@hcs/persistence';
import { AppConfig } from '@hcs/platform';
import { SandboxScenarios } from './sandbox-scenarios';

/** `price_changed` (docs/sandbox.md): the quote is priced from rates 10% above the catalog's. */
export class SandboxQuoteSourceReader extends QuoteSourceReader {
  constructor(
    private readonly inner: QuoteSourceReader,
    private readonly scenarios: SandboxScenarios,
  ) {
    super();
  }

  async read(tenantId: string, query: QuoteSourceQuery): Promise<QuoteSource> {
    return this.scenarios.quoteSource(await this.inner.read(tenantId, query));
  }
}

/** `sold_out` and `quote_expired` (docs/sandbox.md), in the hold's read of its quote. */
export class SandboxQuoteRepository extends QuoteRepository {
  constructor(
    private readonly inner: QuoteRepository,
    private readonly scenarios: SandboxScenarios,
  ) {
    super();
  }

  create(input: NewQuote, audit: ChainAuditEntry) {
    return this.inner.create(input, audit);
  }

  findById(tenantId: string, id: string) {
    return this.inner.findById(tenantId, id);
  }

  async findForHold(tenantId: string, id: string, idempotency?: IdempotentRequest | null) {
    return this.scenarios.quoteForHold(await this.inner.findForHold(tenantId, id, idempotency));
  }
}

/** `hold_expired` (docs/sandbox.md), in the booking's read of its hold and the hold's expiry. */
export class SandboxHoldRepository extends HoldRepository {
  constructor(
    private readonly inner: HoldRepository,
    private readonly scenarios: SandboxScenarios,
  ) {
    super();
  }

  create(input: NewHold) {
    return this.inner.create(input);
  }

  findById(tenantId: string, id: string) {
    return this.inner.findById(tenantId, id);
  }

  async findWithQuote(...args: Parameters<HoldRepository['findWithQuote']>) {
    return this.scenarios.holdForBooking(await this.inner.findWithQuote(...args));
  }

  async transition(tenantId: string, id: string, from: HoldState[], to: HoldState, options?: Parameters<HoldRepository['transition']>[4]) {
    if (options?.onlyIfExpired) await this.scenarios.beforeHoldExpiry(tenantId, id);
    return this.inner.transition(tenantId, id, from, to, options);
  }

  listExpiredHeld(limit: number, overdueMs?: number) {
    return this.inner.listExpiredHeld(limit, overdueMs);
  }

  recordExpiryFailure(tenantId: string, holdId: string, error: string, maxAttempts: number) {
    return this.inner.recordExpiryFailure(tenantId, holdId, error, maxAttempts);
  }
}

/**
 * The sandbox scenarios' wrappers of database ports, for `PersistenceModule.forRoot({ decorate })`.
 * None in production, which refuses every scenario: there the ports are bound as they are.
 */
export function sandboxPortDecorations(config: AppConfig): PortDecoration[] {
  if (config.nodeEnv === 'production') return [];
  return [
    decoratePort(QuoteSourceReader, (inner, scenarios: SandboxScenarios) => new SandboxQuoteSourceReader(inner, scenarios), [SandboxScenarios]),
    decoratePort(QuoteRepository, (inner, scenarios: SandboxScenarios) => new SandboxQuoteRepository(inner, scenarios), [SandboxScenarios]),
    decoratePort(HoldRepository, (inner, scenarios: SandboxScenarios) => new SandboxHoldRepository(inner, scenarios), [SandboxScenarios]),
  ];
}
