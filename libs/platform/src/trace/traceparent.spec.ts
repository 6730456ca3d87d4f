import { continueTrace, formatTraceparent } from './traceparent';

describe('continueTrace', () => {
  it('keeps the trace id of a valid traceparent and makes a new span', () => {
    const ctx = continueTrace('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
    expect(ctx.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(ctx.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(ctx.spanId).not.toBe('00f067aa0ba902b7');
    expect(formatTraceparent(ctx)).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-01$/);
  });

  it.each([
    undefined,
    'garbage',
    '00-00000000000000000000000000000000-00f067aa0ba902b7-01',
    '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01',
    'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
    '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra',
  ])('starts a new trace for %p', (header) => {
    const ctx = continueTrace(header);
    expect(ctx.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(ctx.traceId).not.toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it('accepts future versions with extra fields', () => {
    expect(continueTrace('01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-abc').traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });
});
