import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A stand-in for Stripe's API on 127.0.0.1 (tests run without the internet), speaking the
 * endpoints `StripePaymentProvider` uses as the official SDK sends them (form-encoded bodies,
 * `Idempotency-Key` header, bearer secret key): customers, payment intents (create, retrieve,
 * cancel), setup intents, refunds. Stripe's idempotency semantics: the same key with the same parameters
 * answers the first response again; with other parameters `400 idempotency_error`.
 *
 * Test PaymentMethods: `pm_card_visa` (succeeds), `pm_card_chargeDeclined` (`generic_decline`),
 * `pm_card_chargeDeclinedInsufficientFunds` (`insufficient_funds`),
 * `pm_card_authenticationRequired` (`requires_action` on session with a `redirect_to_url`,
 * `authentication_required` off session). `failNext(n)` answers the next n calls with a 500
 * (not stored under their keys, as a failure before any work). `authenticate(id, outcome)`
 * stands in for the traveler on the issuer's page; `signedEvent` builds a webhook delivery
 * signed with the endpoint secret, as Stripe sends it.
 */

type Json = Record<string, unknown>;
type Params = { [key: string]: string | Params | Array<string | Params> };

export interface StubRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Params;
}

interface StubIntent extends Json {
  id: string;
  status: string;
  amount: number;
  currency: string;
  amount_refunded: number;
}

const DECLINES: Record<string, { code: string; decline_code: string; message: string }> = {
  pm_card_chargeDeclined: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  pm_card_chargeDeclinedInsufficientFunds: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
};
const SUCCEEDING = new Set(['pm_card_visa', 'pm_card_mastercard']);
const AUTHENTICATION = 'pm_card_authenticationRequired';

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `a[b][0]=x` form fields as the nested object Stripe reads them as. */
function parseForm(body: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((s) => s !== '');
    let node: Params = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) node[segment] = value;
      else node = (node[segment] ??= {}) as Params;
    });
  }
  const arrays = (value: Params | string): Params | string | Array<string | Params> => {
    if (typeof value === 'string') return value;
    const keys = Object.keys(value);
    const mapped = Object.fromEntries(keys.map((k) => [k, arrays(value[k] as Params | string)]));
    return keys.length > 0 && keys.every((k) => /^\d+$/.test(k)) ? keys.map((k) => mapped[k] as string | Params) : (mapped as Params);
  };
  return arrays(root) as Params;
}

class StubError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}

const invalid = (message: string, param?: string, code = 'parameter_invalid') =>
  new StubError(400, { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) });

export class StripeStub {
  readonly secretKey = `sk_test_stub${randomBytes(8).toString('hex')}`;
  readonly webhookSecret = `whsec_stub${randomBytes(8).toString('hex')}`;
  readonly requests: StubRequest[] = [];
  readonly intents = new Map<string, StubIntent>();
  readonly customers = new Map<string, Json>();
  readonly setupIntents = new Map<string, Json>();
  readonly refunds = new Map<string, Json>();
  private readonly idempotent = new Map<string, { fingerprint: string; status: number; body: Json }>();
  private failures = 0;
  private server: Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The service's settings that point it at this stand-in. */
  env(): Record<string, string> {
    return { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: this.secretKey, STRIPE_WEBHOOK_SECRET: this.webhookSecret, STRIPE_API_BASE: this.url };
  }

  /** The next `count` API calls answer 500 `api_error`. */
  failNext(count = 1): void {
    this.failures = count;
  }

  /** Calls to one endpoint (`POST /v1/refunds`), in order. */
  calls(method: string, path: string): StubRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  /** The traveler on the issuer's page: the intent succeeds (charged) or fails its authentication. */
  authenticate(intentId: string, outcome: 'succeeded' | 'failed'): StubIntent {
    const intent = this.intents.get(intentId);
    if (!intent || intent.status !== 'requires_action') throw new Error(`no intent ${intentId} waiting for authentication`);
    intent.next_action = null;
    if (outcome === 'succeeded') {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
    } else {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'card_error',
        code: 'payment_intent_authentication_failure',
        message:
          'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
      };
    }
    return intent;
  }

  /** An event as Stripe delivers it to the webhook endpoint: the JSON payload and its `Stripe-Signature`. */
  signedEvent(type: string, object: Json, options: { id?: string; secret?: string } = {}): { id: string; payload: string; signature: string } {
    const id = options.id ?? newId('evt');
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      data: { object: object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? this.webhookSecret });
    return { id, payload, signature };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    const method = req.method ?? 'GET';
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    const params = parseForm(method === 'GET' ? url.searchParams.toString() : raw);
    this.requests.push({ method, path: url.pathname, idempotencyKey: key, params });
    const send = (status: number, body: Json, replayed = false) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': newId('req'),
        'stripe-should-retry': 'false',
        ...(key ? { 'idempotency-key': key } : {}),
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(status >= 400 ? { error: body } : body));
    };
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (bearer !== this.secretKey) {
      // As Stripe words it: the key's prefix and last four characters.
      return send(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${bearer.slice(0, 8)}****${bearer.slice(-4)}` });
    }
    if (this.failures > 0) {
      this.failures -= 1;
      return send(500, { type: 'api_error', message: 'An unknown error occurred.' });
    }
    const fingerprint = `${method} ${url.pathname} ${raw}`;
    if (method === 'POST' && key) {
      const first = this.idempotent.get(key);
      if (first && first.fingerprint !== fingerprint) {
        return send(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      if (first) return send(first.status, first.body, true);
    }
    let status = 200;
    let body: Json;
    try {
      body = this.route(method, url.pathname, params);
    } catch (error) {
      if (!(error instanceof StubError)) throw error;
      status = error.status;
      body = error.body;
    }
    if (method === 'POST' && key) this.idempotent.set(key, { fingerprint, status, body: structuredClone(body) });
    send(status, status >= 400 ? body : structuredClone(body));
  }

  private route(method: string, path: string, p: Params): Json {
    if (method === 'POST' && path === '/v1/customers') return this.createCustomer(p);
    if (method === 'POST' && path === '/v1/payment_intents') return this.createIntent(p);
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && intent) {
      const found = this.intents.get(intent[1]);
      if (!found) throw invalid(`No such payment_intent: '${intent[1]}'`, 'intent', 'resource_missing');
      return found;
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancel) return this.cancelIntent(cancel[1], p);
    if (method === 'POST' && path === '/v1/setup_intents') return this.createSetupIntent(p);
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(p);
    throw new StubError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  private createCustomer(p: Params): Json {
    const customer = { id: newId('cus'), object: 'customer', description: p.description ?? null, metadata: p.metadata ?? {}, payment_methods: [] as string[] };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private money(p: Params): { amount: number; currency: string } {
    const amount = Number(p.amount);
    if (!Number.isInteger(amount) || amount < 1) throw invalid('Invalid positive integer', 'amount');
    if (typeof p.currency !== 'string' || !/^[a-z]{3}$/.test(p.currency)) throw invalid('Invalid currency', 'currency');
    return { amount, currency: p.currency };
  }

  private createIntent(p: Params): Json {
    const { amount, currency } = this.money(p);
    const method = typeof p.payment_method === 'string' ? p.payment_method : '';
    const customer = typeof p.customer === 'string' ? p.customer : null;
    if (customer && !this.customers.has(customer)) throw invalid(`No such customer: '${customer}'`, 'customer', 'resource_missing');
    const offSession = p.off_session === 'true';
    if (offSession && !customer) throw invalid('off_session needs a customer', 'off_session');
    if (offSession && !(this.customers.get(customer!)!.payment_methods as string[]).includes(method)) {
      throw invalid(`The PaymentMethod ${method} is not attached to customer ${customer}.`, 'payment_method');
    }
    if (p.confirm !== 'true') throw invalid('This stand-in only creates confirmed intents', 'confirm');
    if (!offSession && typeof p.return_url !== 'string') throw invalid('A return_url is needed to confirm this intent', 'return_url');
    const known = SUCCEEDING.has(method) || method === AUTHENTICATION || method in DECLINES;
    if (!known) throw invalid(`No such PaymentMethod: '${method}'`, 'payment_method', 'resource_missing');
    const intent: StubIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      currency,
      amount_received: 0,
      amount_refunded: 0,
      customer,
      payment_method: method,
      description: p.description ?? null,
      metadata: p.metadata ?? {},
      setup_future_usage: p.setup_future_usage ?? null,
      status: 'requires_confirmation',
      next_action: null,
      last_payment_error: null,
      cancellation_reason: null,
    };
    this.intents.set(intent.id, intent);
    const decline = DECLINES[method] ?? (offSession && method === AUTHENTICATION ? authenticationDecline : null);
    if (decline) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', ...decline };
      throw new StubError(402, { type: 'card_error', ...decline, payment_intent: structuredClone(intent) });
    }
    if (method === AUTHENTICATION) {
      intent.status = 'requires_action';
      intent.next_action = { type: 'redirect_to_url', redirect_to_url: { url: `${this.url}/3ds/${intent.id}`, return_url: p.return_url } };
      return intent;
    }
    intent.status = 'succeeded';
    intent.amount_received = amount;
    if (customer && p.setup_future_usage) (this.customers.get(customer)!.payment_methods as string[]).push(method);
    return intent;
  }

  private cancelIntent(id: string, p: Params): Json {
    const intent = this.intents.get(id);
    if (!intent) throw invalid(`No such payment_intent: '${id}'`, 'intent', 'resource_missing');
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw invalid(`You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`, undefined, 'payment_intent_unexpected_state');
    }
    intent.status = 'canceled';
    intent.next_action = null;
    intent.cancellation_reason = p.cancellation_reason ?? null;
    return intent;
  }

  private createSetupIntent(p: Params): Json {
    const method = typeof p.payment_method === 'string' ? p.payment_method : '';
    const customer = typeof p.customer === 'string' ? p.customer : null;
    if (!customer || !this.customers.has(customer)) throw invalid('A setup intent of this stand-in needs a customer', 'customer');
    if (!(SUCCEEDING.has(method) || method === AUTHENTICATION || method in DECLINES)) {
      throw invalid(`No such PaymentMethod: '${method}'`, 'payment_method', 'resource_missing');
    }
    const setup: Json = { id: newId('seti'), object: 'setup_intent', customer, payment_method: method, usage: p.usage ?? 'off_session', status: 'succeeded' };
    this.setupIntents.set(setup.id as string, setup);
    const decline = DECLINES[method];
    if (decline) {
      setup.status = 'requires_payment_method';
      setup.last_setup_error = { type: 'card_error', ...decline };
      throw new StubError(402, { type: 'card_error', ...decline, setup_intent: structuredClone(setup) });
    }
    if (method === AUTHENTICATION) {
      setup.status = 'requires_action';
      setup.next_action = { type: 'redirect_to_url', redirect_to_url: { url: `${this.url}/3ds/${setup.id as string}`, return_url: p.return_url } };
      return setup;
    }
    (this.customers.get(customer)!.payment_methods as string[]).push(method);
    return setup;
  }

  private createRefund(p: Params): Json {
    const intentId = typeof p.payment_intent === 'string' ? p.payment_intent : '';
    const intent = this.intents.get(intentId);
    if (!intent) throw invalid(`No such payment_intent: '${intentId}'`, 'payment_intent', 'resource_missing');
    if (intent.status !== 'succeeded') throw invalid(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, 'payment_intent');
    const amount = p.amount === undefined ? intent.amount - intent.amount_refunded : Number(p.amount);
    if (!Number.isInteger(amount) || amount < 1) throw invalid('Invalid positive integer', 'amount');
    if (intent.amount_refunded + amount > intent.amount) {
      throw invalid(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - intent.amount_refunded})`,
        'amount',
        'amount_too_large',
      );
    }
    intent.amount_refunded += amount;
    const refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      metadata: p.metadata ?? {},
      status: 'succeeded',
    };
    this.refunds.set(refund.id, refund);
    return refund;
  }
}

const authenticationDecline = {
  code: 'authentication_required',
  decline_code: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};
