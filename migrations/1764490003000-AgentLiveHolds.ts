import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An agent's live holds, counted by every hold's write against MAX_LIVE_HOLDS_PER_AGENT
 * (docs/booking-chain.md "Hold"): a partial index of the held ones per agent, so the count reads
 * at most the ceiling's entries.
 */
export class AgentLiveHolds1764490003000 implements MigrationInterface {
  name = 'AgentLiveHolds1764490003000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX holds_agent_live_idx ON holds (tenant_id, agent_id, expires_at) WHERE state = 'held'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX holds_agent_live_idx`);
  }
}
