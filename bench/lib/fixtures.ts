import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { DataSource } from 'typeorm';
import { issueSecret } from '../../libs/domain/src/identity/rules/credential-secret';
import { createDataSource } from '../../libs/persistence/src/data-source';
import { ensureDatabase, runMigrations } from '../../libs/persistence/src/migration-runner';

export interface RoomType {
  roomTypeId: string;
  ratePlanId: string;
}

export interface ChainFixture {
  tenantId: string;
  apiKey: string;
  propertyId: string;
  /** Unlimited rooms: the chain scenario never runs out. */
  roomy: RoomType;
  /** Two rooms: the contention scenario. */
  hot: RoomType;
  /** 100 rooms a night: the pending-holds scenario. */
  pending: RoomType;
  /**
   * A fresh delegation JWT (new jti) from the tenant's own issuer, as a traveler's identity provider
   * would mint it: taken from the tokens `mintDelegations` prepared, else minted on the spot.
   */
  delegation: () => Promise<string>;
  /**
   * Mints `n` delegations ahead (each with its own jti, valid 10 minutes) and drops any left from
   * before: the chain's timed window then spends no load-generator CPU on ES256 signatures, which
   * the travelers' identity provider makes on a machine of its own (docs/performance.md,
   * "The load generator").
   */
  mintDelegations: (n: number) => Promise<void>;
}

/**
 * A tenant of its own for the chain scenarios, written with SQL: an agent with an API key, one
 * property with three room types, and a tenant delegation issuer with an inline JWK set, so the
 * api can run with NODE_ENV=production (where the demo issuer is not trusted).
 */
export async function seedChainTenant(db: DataSource, audience: string): Promise<ChainFixture> {
  const [tenant] = await db.query(`INSERT INTO tenants (name) VALUES ('bench chain') RETURNING id`);
  const [agent] = await db.query(
    `INSERT INTO principals (tenant_id, kind, name, scopes) VALUES ($1, 'agent', 'bench agent', '{catalog:read,booking:write,booking:read}') RETURNING id`,
    [tenant.id],
  );
  const secret = issueSecret('agent');
  await db.query(`INSERT INTO credentials (tenant_id, principal_id, secret_hash, secret_prefix) VALUES ($1, $2, $3, $4)`, [
    tenant.id,
    agent.id,
    secret.hash,
    secret.prefix,
  ]);
  const [property] = await db.query(
    `INSERT INTO properties (tenant_id, slug, name, city, country, timezone, default_currency, taxes, fees, promoted_at)
     VALUES ($1, $2, 'Bench Hotel', 'Lyon', 'FR', 'Europe/Paris', 'EUR',
             '[{"code":"VAT","name":"VAT","rate_bps":1000,"included":true},{"code":"CITY","name":"City tax","amount":250,"per":"person_night","payable":"at_property"}]',
             '[{"code":"RESORT","name":"Resort fee","amount":500,"per":"night"}]', now()) RETURNING id`,
    [tenant.id, `bench-${randomUUID().slice(0, 8)}`],
  );
  const [policy] = await db.query(
    `INSERT INTO policies (tenant_id, property_id, code, version, cancellation_kind, free_cancellation_hours_before_checkin, cancellation_fee_pct_after_cutoff)
     VALUES ($1, $2, 'flex', '1', 'free_cancellation', 24, 100) RETURNING id`,
    [tenant.id, property.id],
  );
  const roomType = async (code: string, inventory: number): Promise<RoomType> => {
    const [room] = await db.query(
      `INSERT INTO room_types (tenant_id, property_id, code, name, max_occupancy, default_inventory) VALUES ($1, $2, $3, $3, 2, $4) RETURNING id`,
      [tenant.id, property.id, code, inventory],
    );
    const [plan] = await db.query(
      `INSERT INTO rate_plans (tenant_id, property_id, room_type_id, code, name, currency, base_rate_amount, policy_id, occupancy_pricing)
       VALUES ($1, $2, $3, 'FLEX', 'Flexible', 'EUR', 12000, $4, '{"base_adults":1,"extra_adult":2500,"child_rates":[{"max_age":11,"amount":1000}]}') RETURNING id`,
      [tenant.id, property.id, room.id, policy.id],
    );
    // The chain's plan carries stay restrictions every chain meets (issue 40: the chain's cost with them set).
    await db.query(
      `INSERT INTO stay_restrictions (tenant_id, rate_plan_id, from_date, to_date, max_stay_arrival, max_advance_days, min_stay_through)
       VALUES ($1, $2, current_date, current_date + 400, 14, 400, 1)`,
      [tenant.id, plan.id],
    );
    return { roomTypeId: room.id, ratePlanId: plan.id };
  };
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench-1', alg: 'ES256', use: 'sig' };
  const iss = `https://travelers.bench.invalid/${tenant.id}`;
  await db.query(`INSERT INTO delegation_issuers (tenant_id, iss, name, jwks, allowed_audiences) VALUES ($1, $2, 'bench travelers', $3::jsonb, $4)`, [
    tenant.id,
    iss,
    JSON.stringify({ keys: [jwk] }),
    [audience],
  ]);
  let traveler = 0;
  const mint = () => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ iss, sub: `traveler-${(traveler += 1) % 50}`, aud: audience, iat: now, exp: now + 600, jti: randomUUID() })
      .setProtectedHeader({ alg: 'ES256', kid: 'bench-1', typ: 'JWT' })
      .sign(privateKey);
  };
  let minted: string[] = [];
  return {
    tenantId: tenant.id,
    apiKey: secret.secret,
    propertyId: property.id,
    roomy: await roomType('ROOMY', 1_000_000),
    hot: await roomType('HOT', 2),
    pending: await roomType('PENDING', 100),
    delegation: async () => minted.pop() ?? mint(),
    mintDelegations: async (n) => {
      minted = [];
      for (let i = 0; i < n; i++) minted.push(await mint());
      // The tokens and the signing's garbage are young: collected here (`npm run bench` passes
      // --expose-gc), not by a 10-30 ms scavenge of the load generator inside the timed window,
      // which every chain in flight would wait for (docs/performance.md, "The load generator").
      (globalThis as { gc?: () => void }).gc?.();
    },
  };
}

export const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The database at `databaseUrl` created if missing and migrated, with a chain tenant of its own. */
export async function migratedChainTenant(databaseUrl: string, audience: string): Promise<ChainFixture> {
  await ensureDatabase(databaseUrl);
  const db = createDataSource({ databaseUrl, databasePoolSize: 2 });
  await db.initialize();
  try {
    await runMigrations(db);
    return await seedChainTenant(db, audience);
  } finally {
    await db.destroy();
  }
}
