import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { RequestContext } from '@hcs/platform';
import { DomainError } from '../../errors/domain-error';
import { stayNights } from '../../stay/stay-rules';
import type { Caller } from '../../identity/principal';
import { nextActions } from '../next-actions';
import { AuditLog } from '../ports/audit-log';
import { HoldRepository } from '../ports/hold.repository';
import { QuoteRepository } from '../ports/quote.repository';
import { RoomNightReservations } from '../ports/room-night-reservations';
import { holdStatesAllowing, holdTarget } from '../rules/hold-state';
import { HoldView, holdView } from '../views';
import { ExpireHold } from './expire-hold.use-case';
import { auditActor, chainAuditEvent } from '../rules/audit-entry';

/** Gives a held room back at once (`released`). */
@Injectable()
export class ReleaseHold {
  constructor(
    private readonly holds: HoldRepository,
    private readonly quotes: QuoteRepository,
    private readonly inventory: RoomNightReservations,
    private readonly audit: AuditLog,
    private readonly expire: ExpireHold,
    private readonly context: RequestContext,
  ) {}

  async execute(command: { holdId: string }, actor: Caller): Promise<Outcome<HoldView>> {
    const hold = await this.holds.findById(actor.tenantId, command.holdId);
    if (!hold) throw new DomainError('hold_not_found', { detail: { hold_id: command.holdId } });
    if (hold.agentId !== actor.principalId) throw new DomainError('resource_access_denied', { detail: { hold_id: hold.id } });
    if (hold.state === 'held' && hold.expired) {
      // Past its TTL the hold is gone whether or not the worker has run: expire it now.
      await this.expire.expireDue(actor.tenantId, hold.id);
      throw new DomainError('hold_not_active', { detail: { hold_id: hold.id, state: 'expired' } });
    }
    const released = await this.release(hold.id, actor);
    const quote = await this.quotes.findById(actor.tenantId, released.quoteId);
    if (!quote) throw new DomainError('quote_not_found', { detail: { quote_id: released.quoteId } });
    return new Outcome(holdView(released, quote), { next_actions: [nextActions.requote(quote)] });
  }

  @Transactional()
  private async release(holdId: string, actor: Caller) {
    const hold = await this.holds.transition(actor.tenantId, holdId, holdStatesAllowing('release'), holdTarget('release'));
    if (!hold) {
      const current = await this.holds.findById(actor.tenantId, holdId);
      throw new DomainError('hold_not_active', { detail: { hold_id: holdId, state: current?.state ?? 'unknown' } });
    }
    await this.inventory.releaseHeld(actor.tenantId, hold.roomTypeId, stayNights(hold.stay), hold.units);
    await this.audit.append(
      chainAuditEvent({ tenantId: actor.tenantId, quoteId: hold.quoteId, holdId: hold.id }, 'hold.released', {
        actor: auditActor(actor),
        traceId: this.context.traceId,
      }),
    );
    return hold;
  }
}
