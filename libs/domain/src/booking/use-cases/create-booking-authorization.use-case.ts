import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { DomainError, validationFailed } from '../../errors/domain-error';
import { PrincipalRepository } from '../../identity/ports/principal.repository';
import type { Money } from '../../money/money';
import type { Caller } from '../../identity/principal';
import { BookingAuthorizationRepository } from '../ports/booking-authorization.repository';
import { bookingAuthorizationView } from '../views';

export interface CreateBookingAuthorizationCommand {
  agentId: string;
  maxAmount: Money;
  expiresAt: Date;
  travelerSub?: string | null;
  travelerIss?: string | null;
}

/** An admin lets one agent make one booking above its limit, up to `max_amount`, until `expires_at`. */
@Injectable()
export class CreateBookingAuthorization {
  constructor(
    private readonly principals: PrincipalRepository,
    private readonly authorizations: BookingAuthorizationRepository,
  ) {}

  async execute(command: CreateBookingAuthorizationCommand, actor: Caller): Promise<Outcome<ReturnType<typeof bookingAuthorizationView>>> {
    if (command.expiresAt.getTime() <= Date.now()) throw validationFailed([{ path: 'expires_at', message: 'must be in the future' }]);
    const agent = await this.principals.findById(actor.tenantId, command.agentId);
    if (!agent || agent.kind !== 'agent') throw new DomainError('agent_not_found', { detail: { agent_id: command.agentId } });
    const created = await this.authorizations.create({
      tenantId: actor.tenantId,
      agentId: agent.id,
      maxAmount: command.maxAmount,
      travelerSub: command.travelerSub ?? null,
      travelerIss: command.travelerIss ?? null,
      expiresAt: command.expiresAt,
      createdBy: actor.principalId,
    });
    return new Outcome(bookingAuthorizationView(created), { status: 201 });
  }
}
