import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ChainAgent, DELEGATION_HEADER } from './chain-fixtures';
import type { TestApp } from './test-app';

/** Calls of the follow-up routes for an agent acting for a traveler (or without one: `traveler` null). */
export function followUpClient(t: TestApp, bearer: string, traveler: string | null) {
  const auth = <R extends { set: (k: string, v: string) => R }>(req: R): R => {
    const withBearer = req.set('authorization', `Bearer ${bearer}`);
    return traveler ? withBearer.set(DELEGATION_HEADER, traveler) : withBearer;
  };
  return {
    create: (bookingId: string, body: Record<string, unknown>, key?: string) => {
      const req = auth(t.http().post(`/v1/bookings/${bookingId}/follow-ups`));
      return (key ? req.set('idempotency-key', key) : req).send(body);
    },
    list: (bookingId: string) => auth(t.http().get(`/v1/bookings/${bookingId}/follow-ups`)),
  };
}

export function agentFollowUps(t: TestApp, agent: ChainAgent, traveler: string | null) {
  return followUpClient(t, agent.apiKey, traveler);
}

/** Event types of an aggregate in the outbox, in order. */
export async function outboxOf(app: INestApplicationContext, aggregateId: string): Promise<Array<{ type: string; payload: Record<string, unknown> }>> {
  return app.get(DataSource).query(`SELECT type, payload FROM outbox_events WHERE aggregate_id = $1 ORDER BY id`, [aggregateId]);
}

/** Audit entries of the booking about one follow-up, in order. */
export async function followUpAudit(app: INestApplicationContext, followUpId: string): Promise<Array<{ type: string; actor_kind: string }>> {
  return app.get(DataSource).query(`SELECT type, actor_kind FROM audit_events WHERE data->>'follow_up_id' = $1 ORDER BY id`, [followUpId]);
}
