import { backstopSweepsAgain, HOLD_EXPIRY_BACKSTOP_OVERDUE_MS, holdExpiryJobDelayMs } from './hold-expiry-timing';

describe('hold expiry timing', () => {
  const now = Date.parse('2099-05-10T12:00:00.000Z');

  it('fires the job at expires_at', () => {
    expect(holdExpiryJobDelayMs(new Date(now + 900_000), now)).toBe(900_000);
    expect(holdExpiryJobDelayMs(new Date(now + 1), now)).toBe(1);
  });

  it('fires the job at once for a hold already due (never a negative delay)', () => {
    expect(holdExpiryJobDelayMs(new Date(now), now)).toBe(0);
    expect(holdExpiryJobDelayMs(new Date(now - 5000), now)).toBe(0);
  });

  it('leaves holds due more recently than the job retries last to their jobs', () => {
    // The job retries 8 times 250 ms apart (libs/adapters/src/queues/bullmq-hold-expiry.scheduler.ts).
    expect(HOLD_EXPIRY_BACKSTOP_OVERDUE_MS).toBeGreaterThan(8 * 250);
  });

  it('sweeps again only after a full batch that expired something', () => {
    expect(backstopSweepsAgain({ listed: 500, expired: 500 }, 500)).toBe(true);
    expect(backstopSweepsAgain({ listed: 500, expired: 1 }, 500)).toBe(true);
    expect(backstopSweepsAgain({ listed: 499, expired: 499 }, 500)).toBe(false);
    expect(backstopSweepsAgain({ listed: 0, expired: 0 }, 500)).toBe(false);
    expect(backstopSweepsAgain({ listed: 500, expired: 0 }, 500)).toBe(false);
  });
});
