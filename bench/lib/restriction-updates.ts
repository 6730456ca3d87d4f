import { issueSecret } from '@hcs/domain';
import { loadConfig } from '@hcs/platform';
import type { DataSource } from 'typeorm';
import { createApiApp } from '../../apps/api/src/bootstrap';
import { ChainFixture, isoDay } from './fixtures';
import { countSqlStatements } from './sql-statement-counter';

export interface RestrictionUpdates {
  requests: number;
  /** SQL statements (round trips) per request: the most any of them sent. */
  statements_per_request: number;
  /** Wall time of all the requests one after the other, and of the slowest. */
  wall_ms: number;
  max_ms: number;
  /** Runs stored per rate plan after its update (Fridays and Saturdays of a year: one per weekend). */
  runs_per_plan: number;
}

/**
 * `PUT /v1/admin/rate-plans/{id}/restrictions` over 365 days (Fridays and Saturdays, minimum stay
 * 2) on `plans` fresh rate plans of the chain tenant, one request after the other, against an api
 * running in this process: statements counted at its `pg` client, after one warm-up request
 * (the admin credential's lookup is then kept) (docs/catalog.md, "Stay restrictions").
 */
export async function restrictionUpdates(env: Record<string, string>, db: DataSource, fx: ChainFixture, plans: number): Promise<RestrictionUpdates> {
  const [admin] = await db.query(`INSERT INTO principals (tenant_id, kind, name, scopes) VALUES ($1, 'admin', 'bench admin', '{}') RETURNING id`, [
    fx.tenantId,
  ]);
  const secret = issueSecret('admin');
  await db.query(`INSERT INTO credentials (tenant_id, principal_id, secret_hash, secret_prefix) VALUES ($1, $2, $3, $4)`, [
    fx.tenantId,
    admin.id,
    secret.hash,
    secret.prefix,
  ]);
  const rows: Array<{ id: string }> = await db.query(
    `INSERT INTO rate_plans (tenant_id, property_id, room_type_id, code, name, currency, base_rate_amount, policy_id)
     SELECT rp.tenant_id, rp.property_id, rp.room_type_id, 'R' || i || '-' || substr(md5(random()::text), 1, 6), 'Restricted ' || i, 'EUR', 12000, rp.policy_id
       FROM rate_plans rp CROSS JOIN generate_series(1, $3::int) AS i
      WHERE rp.tenant_id = $1 AND rp.id = $2
     RETURNING id`,
    [fx.tenantId, fx.pending.ratePlanId, plans],
  );
  const app = await createApiApp(loadConfig({ ...process.env, ...env }), {});
  await app.listen(0, '127.0.0.1');
  const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const counter = countSqlStatements();
  const put = async (id: string) => {
    const res = await fetch(`${base}/v1/admin/rate-plans/${id}/restrictions`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${secret.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: isoDay(1), to: isoDay(365), days_of_week: ['fri', 'sat'], min_stay_arrival: 2 }),
    });
    if (res.status !== 200) throw new Error(`PUT restrictions answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  };
  try {
    await put(rows[0].id);
    let statements = 0;
    let max = 0;
    const started = performance.now();
    for (const { id } of rows) {
      counter.reset();
      const at = performance.now();
      await put(id);
      max = Math.max(max, performance.now() - at);
      statements = Math.max(statements, counter.statements.length);
    }
    const wall = performance.now() - started;
    const [runs] = await db.query(`SELECT count(*)::int AS n FROM stay_restrictions WHERE tenant_id = $1 AND rate_plan_id = $2`, [fx.tenantId, rows[0].id]);
    return { requests: rows.length, statements_per_request: statements, wall_ms: Math.round(wall), max_ms: Math.round(max), runs_per_plan: runs.n };
  } finally {
    counter.restore();
    await app.close();
  }
}
