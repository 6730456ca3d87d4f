import { auditActor, auditEntry, chainAuditEvent } from './audit-entry';

describe('audit entries', () => {
  const actor = auditActor({ kind: 'agent', principalId: 'p-1' });
  const traveler = { iss: 'https://issuer.test', sub: 't-1' };

  it('records a principal as kind and id', () => {
    expect(actor).toEqual({ kind: 'agent', id: 'p-1' });
  });

  it('carries only what it was given (no undefined traveler or data keys)', () => {
    const entry = auditEntry('hold.created', { actor, traceId: 'tr' });
    expect(entry).toEqual({ type: 'hold.created', actor, traceId: 'tr' });
    expect(Object.keys(entry)).toEqual(['type', 'actor', 'traceId']);
  });

  it('keeps a null traveler, the traveler and the data when given', () => {
    expect(auditEntry('x', { actor, traceId: 'tr', traveler: null }, { a: 1 })).toEqual({ type: 'x', actor, traceId: 'tr', traveler: null, data: { a: 1 } });
    expect(auditEntry('x', { actor, traceId: 'tr', traveler })).toEqual({ type: 'x', actor, traceId: 'tr', traveler });
  });

  it('places an appended entry in its chain', () => {
    const event = chainAuditEvent(
      { tenantId: 't', quoteId: 'q', holdId: 'h', bookingId: 'b' },
      'booking.cancelled',
      { actor, traceId: 'tr', traveler },
      { fee: 0 },
    );
    expect(event).toEqual({
      tenantId: 't',
      quoteId: 'q',
      holdId: 'h',
      bookingId: 'b',
      type: 'booking.cancelled',
      actor,
      traveler,
      traceId: 'tr',
      data: { fee: 0 },
    });
  });
});
