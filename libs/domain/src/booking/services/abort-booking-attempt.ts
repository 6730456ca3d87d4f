import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { RequestContext } from '@hcs/platform';
import type { Caller } from '../../identity/principal';
import { AuditLog } from '../ports/audit-log';
import { BookingAuthorizationRepository } from '../ports/booking-authorization.repository';
import { ClientReferences } from '../ports/client-references';
import { HoldRepository } from '../ports/hold.repository';
import { PaymentAttemptRecord, PaymentRepository } from '../ports/payment.repository';
import { auditActor, chainAuditEvent } from '../rules/audit-entry';
import { holdStatesAllowing, holdTarget } from '../rules/hold-state';
import { ExpireHold } from '../use-cases/expire-hold.use-case';

/**
 * Ends an attempt the provider declined or failed, in one transaction: the attempt and its
 * client_reference record the failure, the hold is `held` again (usable with a new key and another
 * token) or, if its TTL ran out meanwhile, expired; the authorization is given back.
 */
@Injectable()
export class AbortBookingAttempt {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly references: ClientReferences,
    private readonly holds: HoldRepository,
    private readonly authorizations: BookingAuthorizationRepository,
    private readonly audit: AuditLog,
    private readonly expire: ExpireHold,
    private readonly context: RequestContext,
  ) {}

  @Transactional()
  async abort(attempt: PaymentAttemptRecord, outcome: 'declined' | 'error', message: string, actor: Caller): Promise<void> {
    const tenantId = attempt.tenantId;
    await this.payments.completeAttempt(tenantId, attempt.id, outcome, null, message);
    // the attempt's client_reference (if any) ends with the failure the caller gets
    await this.references.failAttempt(tenantId, attempt.id, {
      code: outcome === 'declined' ? 'payment_failed' : 'payment_provider_error',
      status: outcome === 'declined' ? 402 : 502,
      detail: { hold_id: attempt.holdId, provider_message: message },
    });
    const hold = await this.holds.transition(tenantId, attempt.holdId, holdStatesAllowing('abort_conversion'), holdTarget('abort_conversion'), {
      requireConvertingKey: attempt.idempotencyKey,
    });
    if (!hold) return;
    await this.authorizations.unclaim(tenantId, hold.id);
    await this.audit.append(
      chainAuditEvent(
        { tenantId, quoteId: hold.quoteId, holdId: hold.id },
        outcome === 'declined' ? 'payment.declined' : 'payment.failed',
        { actor: auditActor(actor), traceId: this.context.traceId },
        { attempt_id: attempt.id, provider_message: message },
      ),
    );
    // A hold whose TTL ran out while it was being paid for does not come back: it expires now.
    if (hold.expired) await this.expire.expireDue(tenantId, hold.id);
  }
}
