import type { INestApplicationContext } from '@nestjs/common';
import { SMTPServer } from 'smtp-server';
import { DataSource } from 'typeorm';
import { loadConfig } from '@hcs/platform';
import { createWorkerApp } from '../../../apps/worker/src/bootstrap';
import { createTenant } from '../../support/factories';
import {
  CARD,
  ChainAgent,
  ChainCatalog,
  createChainAgent,
  createChainCatalog,
  DELEGATION_HEADER,
  quoteAndHold,
  travelerDelegation,
} from '../../support/chain-fixtures';
import { agentFollowUps, followUpAudit, outboxOf } from '../../support/follow-up-fixtures';
import { eventually, freePort } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Decodes a quoted-printable body (nodemailer uses it for long or non-ASCII lines). */
const unQuote = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('guest follow-ups by email (SMTP channel, real SMTP server on loopback)', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let smtp: SMTPServer;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let TRAVELER = '';
  const received: Received[] = [];
  const refusedAttempts: string[] = [];
  const FROM = 'Chain Test Hotel <stay@hotel.test>';

  beforeAll(async () => {
    const port = await freePort();
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // A recipient whose mailbox starts with "refuse" is refused, every time.
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('refuse')) {
          refusedAttempts.push(address.address);
          const error = new Error('mailbox unavailable') as Error & { responseCode: number };
          error.responseCode = 550;
          return callback(error);
        }
        callback();
      },
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    const env = { SMTP_URL: `smtp://127.0.0.1:${port}`, FOLLOW_UP_FROM: FROM, WEBHOOK_RETRY_SCHEDULE: '1,1', FOLLOW_UP_SWEEP_INTERVAL_SECONDS: '1' };
    t = await startTestApp(env);
    worker = await createWorkerApp(loadConfig({ ...process.env, ...env }));
    const tenantId = (await createTenant(t.app)).tenantId;
    TRAVELER = await travelerDelegation(t.app, tenantId, 'traveler-mail');
    agent = await createChainAgent(t.app, tenantId);
    // A Portuguese property: templates in Portuguese.
    catalog = await createChainCatalog(t.app, tenantId, { timezone: 'Europe/Lisbon', checkinTime: '14:00' });
    await t.app
      .get(DataSource)
      .query(`UPDATE properties SET country = 'PT', city = 'Lisboa', address_line1 = 'Rua Augusta 1' WHERE id = $1`, [catalog.propertyId]);
  }, 60_000);
  afterAll(async () => {
    await worker.close();
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }, 60_000);

  async function bookFor(email: string, start: number): Promise<string> {
    const held = await quoteAndHold(t, agent, catalog, { start, nights: 2, adults: 1 });
    const res = await t
      .http()
      .post('/v1/bookings')
      .set('authorization', `Bearer ${agent.apiKey}`)
      .set('idempotency-key', `book-${held.holdId}`)
      .set(DELEGATION_HEADER, TRAVELER)
      .send({
        hold_id: held.holdId,
        quote_id: held.quoteId,
        guest: { primary: { full_name: 'Inês Costa', email, phone: '+351 21 000 0000' } },
        payment: CARD(),
      });
    expect(res.status).toBe(201);
    return res.body.data.booking_id;
  }

  const itemOf = async (bookingId: string, id: string) =>
    ((await agentFollowUps(t, agent, TRAVELER).list(bookingId)).body.data.items as Array<Record<string, unknown>>).find((i) => i.id === id)!;

  it('delivers to the guest: recipient, sender, subject and body arrive; the follow-up is sent on channel email', async () => {
    const bookingId = await bookFor('ines@example.com', 30);
    const message = 'O estacionamento está incluído.';
    const created = await agentFollowUps(t, agent, TRAVELER).create(bookingId, { kind: 'custom', message });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ channel: 'email', state: 'scheduled' });
    const id = created.body.data.id as string;
    const item = await eventually(
      () => itemOf(bookingId, id),
      (i) => i.state === 'sent',
      20000,
      100,
    );
    expect(item).toMatchObject({ state: 'sent', channel: 'email', rendered: { to: 'ines@example.com', locale: 'pt' } });
    const mails = received.filter((m) => m.to.includes('ines@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0].from).toBe('stay@hotel.test');
    const raw = unQuote(mails[0].raw);
    // The envelope sender stays FOLLOW_UP_FROM's address; the header carries the tenant's sender name (its name by default).
    expect(raw).toMatch(/^From: "tenant-[0-9a-f]{8}" <stay@hotel\.test>/m);
    expect(raw).toMatch(/^To: ines@example\.com/m);
    expect(raw).toMatch(/^Subject: .+/m);
    // The subject has non-ASCII characters: nodemailer encodes it; decode the MIME word.
    const subjectLine = raw.match(/^Subject: (.+(?:\r?\n[ \t].+)*)/m)![1];
    const decoded = subjectLine
      .split(/\r?\n[ \t]/)
      .map((part) => part.replace(/=\?UTF-8\?Q\?(.+?)\?=/gi, (_, q: string) => Buffer.from(unQuote(q.replace(/_/g, ' ')), 'latin1').toString('utf8')))
      .join('')
      .replace(/=\?UTF-8\?B\?(.+?)\?=/gi, (_, b: string) => Buffer.from(b, 'base64').toString('utf8'));
    expect(decoded.replace(/\s+/g, ' ')).toBe((item.rendered as { subject: string }).subject);
    const body = Buffer.from(
      raw
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n\n'),
      'latin1',
    ).toString('utf8');
    expect(body).toContain('Caro(a) Inês Costa,');
    expect(body).toContain(message);
    expect(body).toContain('Morada: Rua Augusta 1, Lisboa, PT');
    expect(body).toContain('Check-in a partir das 14:00.');
    expect(raw).not.toMatch(/tok_visa/);
    expect(await outboxOf(t.app, id)).toEqual([{ type: 'follow_up.sent', payload: item }]);
  }, 60_000);

  it('a refusing server: retried on WEBHOOK_RETRY_SCHEDULE, then failed with the error (event and audit)', async () => {
    const bookingId = await bookFor('refuse-me@example.com', 31);
    const created = await agentFollowUps(t, agent, TRAVELER).create(bookingId, { kind: 'special_request_ack', message: 'Late arrival, around 23:00.' });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const item = await eventually(
      () => itemOf(bookingId, id),
      (i) => i.state === 'failed',
      25000,
      100,
    );
    expect(item).toEqual({
      id,
      booking_id: bookingId,
      kind: 'special_request_ack',
      message: 'Late arrival, around 23:00.',
      channel: 'email',
      state: 'failed',
      send_at: expect.any(String),
      error: expect.stringContaining('550'),
    });
    // The first attempt and one per entry of the schedule.
    expect(refusedAttempts.filter((a) => a === 'refuse-me@example.com')).toHaveLength(3);
    expect(Date.parse(item.send_at as string) - Date.parse(created.body.data.send_at)).toBeGreaterThanOrEqual(2000);
    expect(await outboxOf(t.app, id)).toEqual([{ type: 'follow_up.failed', payload: item }]);
    expect(await followUpAudit(t.app, id)).toEqual([
      { type: 'follow_up.scheduled', actor_kind: 'agent' },
      { type: 'follow_up.failed', actor_kind: 'system' },
    ]);
  }, 60_000);
});
