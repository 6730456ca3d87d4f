import { agentActor, eur, holdRecord, quoteRecord, TRAVELER } from '../../testing/chain-fixtures';
import type { PaymentAttemptRecord } from '../ports/payment.repository';
import { BookingAttempt, conversionStart, resumedAttempt } from './booking-attempt';

describe('booking attempt', () => {
  const quote = quoteRecord();
  const hold = holdRecord(quote);
  const attempt: BookingAttempt = {
    hold,
    quote,
    actor: { ...agentActor(), bookingLimit: eur(50000) },
    traveler: TRAVELER,
    command: {
      holdId: hold.id,
      quoteId: quote.id,
      guest: { primary: { full_name: 'Ada', email: 'ada@example.com', phone: '+44 20 0000 0000' } },
      payment: { method: 'card', provider_token: 'tok_visa', billing_country: 'FR' },
      idempotencyKey: 'key-1',
      delegation: { jti: 'jti-1', expiresAt: new Date('2099-01-01T00:00:00Z') },
    },
  };

  it('begins from held to converting, spends the jti and records the quote total with what a resume needs', () => {
    const start = conversionStart(attempt, 'auth-1');
    expect(start).toMatchObject({ from: ['held'], to: 'converting', authorizationId: 'auth-1' });
    expect(start.delegationUse).toEqual({
      iss: TRAVELER.iss,
      jti: 'jti-1',
      expiresAt: new Date('2099-01-01T00:00:00Z'),
      principalId: attempt.actor.principalId,
    });
    expect(start.attempt).toMatchObject({
      tenantId: hold.tenantId,
      holdId: hold.id,
      idempotencyKey: 'key-1',
      amount: quote.priceBreakdown.total,
      providerToken: 'tok_visa',
    });
    expect(start.attempt.bookingRequest.agent).toEqual({ principal_id: attempt.actor.principalId, kind: 'agent', booking_limit: eur(50000) });
  });

  it('spends nothing when the delegation has no jti', () => {
    expect(conversionStart({ ...attempt, command: { ...attempt.command, delegation: { jti: null, expiresAt: new Date() } } }, null).delegationUse).toBeNull();
  });

  it('rebuilds, from the stored request, the attempt a replay with the same key would carry', () => {
    const stored = conversionStart(attempt, null).attempt;
    const record = {
      ...stored,
      id: 'att-1',
      state: 'pending',
      providerReference: null,
      providerMessage: null,
      createdAt: new Date(),
      startedAt: new Date(),
    } as PaymentAttemptRecord;
    const resumed = resumedAttempt(record, stored.bookingRequest, hold, quote);
    expect(resumed.actor).toEqual(attempt.actor);
    expect(resumed.traveler).toEqual(TRAVELER);
    expect(resumed.command).toEqual({
      holdId: hold.id,
      quoteId: quote.id,
      guest: attempt.command.guest,
      payment: attempt.command.payment,
      idempotencyKey: 'key-1',
    });
  });
});
