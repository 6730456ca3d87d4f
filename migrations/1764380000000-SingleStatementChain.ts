import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `hcs_require(ok, code)` lets one data-modifying statement refuse itself: a CTE that calls it with
 * a false condition raises SQLSTATE HC001 with `code` as the message, and the whole statement (every
 * CTE of it) is undone. The chain's steps are single statements built on it (docs/performance.md).
 */
export class SingleStatementChain1764380000000 implements MigrationInterface {
  name = 'SingleStatementChain1764380000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION hcs_require(ok boolean, code text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
      BEGIN
        IF ok IS NOT TRUE THEN
          RAISE EXCEPTION USING ERRCODE = 'HC001', MESSAGE = code;
        END IF;
        RETURN true;
      END $$`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP FUNCTION hcs_require(boolean, text)`);
  }
}
