import { epochDay, isoDateOfEpochDay, STAY_RESTRICTION_FIELDS, StayRestrictionField, StayRestrictions } from '@hcs/domain';
import { statement } from '../sql/statement';

/**
 * The statements of `stay_restrictions`: runs of consecutive dates of a rate plan with the same
 * nine values, `from_date`..`to_date` inclusive (migration 1764490000000-StayRestrictions,
 * docs/catalog.md "Stay restrictions").
 */

const BOOLEANS: ReadonlySet<StayRestrictionField> = new Set(['closed_to_arrival', 'closed_to_departure', 'stop_sell']);
const FIELDS = STAY_RESTRICTION_FIELDS;
const list = (of: (field: StayRestrictionField) => string) => FIELDS.map(of).join(', ');

/** One date and its nine values (null where unset). */
export interface StayRestrictionDateRow extends StayRestrictions {
  date: string;
}

/** Every date of the range with the values of the run that covers it; no row when the rate plan is not the tenant's. */
export const stayRestrictionsInRange = statement<[tenantId: string, ratePlanId: string, from: string, to: string], StayRestrictionDateRow>(
  `SELECT to_char(d, 'YYYY-MM-DD') AS date, ${list((f) => `r.${f}`)}
     FROM rate_plans p
    CROSS JOIN generate_series($3::date, $4::date, interval '1 day') AS d
     LEFT JOIN stay_restrictions r ON r.tenant_id = $1 AND r.rate_plan_id = p.id AND r.from_date <= d::date AND r.to_date >= d::date
    WHERE p.tenant_id = $1 AND p.id = $2
    ORDER BY d`,
);

/** A field's new value on a date the change touches, else the date's current value (`o`, the run covering it). */
function changed(field: StayRestrictionField): string {
  const sent = `h.hit AND $6::jsonb ? '${field}'`;
  const value = BOOLEANS.has(field) ? `nullif(($6::jsonb ->> '${field}')::boolean, false)` : `($6::jsonb ->> '${field}')::integer`;
  return `CASE WHEN ${sent} THEN ${value} ELSE o.${field} END AS ${field}`;
}

/**
 * Rewrites the restrictions of a range of dates in one statement (one round trip, whatever the
 * range and the days of the week):
 *  1. locks the rate plan row, so writers of one plan queue, and refuses itself
 *     (`stay_restrictions_raced`) when the plan's row changed after this statement's snapshot:
 *     a writer that waited for another must read the runs that one wrote (the caller runs it
 *     again; every change of runs stamps the plan's `updated_at`, from a trigger);
 *  2. takes the plan's runs that overlap the range or touch it (so equal neighbours merge) and
 *     deletes them;
 *  3. cuts them into what lies outside the range (kept as it was) and one piece per date of the
 *     range, where the fields sent (`$6`, a JSON object of only the sent fields; null clears)
 *     replace the current values on the dates whose ISO weekday is in `$5` (all when null);
 *  4. merges consecutive pieces of equal values back into runs (gaps and islands) and inserts the
 *     runs that carry any restriction, after the deletes (the insert waits for their count);
 *  5. answers every date of the range with its new values; no row when the plan is not the tenant's.
 */
export const putStayRestrictions = statement<
  [tenantId: string, ratePlanId: string, from: string, to: string, isoWeekdays: number[] | null, changes: string],
  StayRestrictionDateRow
>(
  `WITH locked AS (
     SELECT id, updated_at FROM rate_plans WHERE tenant_id = $1 AND id = $2 FOR UPDATE
   ),
   plan AS (
     SELECT l.id FROM locked l JOIN rate_plans s ON s.tenant_id = $1 AND s.id = l.id
      WHERE hcs_require(s.updated_at = l.updated_at, 'stay_restrictions_raced')
   ),
   old AS (
     SELECT r.* FROM plan JOIN stay_restrictions r ON r.tenant_id = $1 AND r.rate_plan_id = plan.id
      WHERE r.from_date <= $4::date + 1 AND r.to_date >= $3::date - 1
   ),
   gone AS (
     DELETE FROM stay_restrictions r USING old o
      WHERE r.tenant_id = $1 AND r.rate_plan_id = o.rate_plan_id AND r.from_date = o.from_date
     RETURNING r.from_date
   ),
   inside AS (
     SELECT d::date AS from_date, d::date AS to_date, ${list(changed)}
       FROM plan
      CROSS JOIN generate_series($3::date, $4::date, interval '1 day') AS d
      CROSS JOIN LATERAL (SELECT $5::int[] IS NULL OR extract(isodow FROM d)::int = ANY($5::int[]) AS hit) h
       LEFT JOIN old o ON o.from_date <= d::date AND o.to_date >= d::date
   ),
   pieces AS (
     SELECT * FROM inside
     UNION ALL SELECT from_date, least(to_date, $3::date - 1), ${list((f) => f)} FROM old WHERE from_date < $3::date
     UNION ALL SELECT greatest(from_date, $4::date + 1), to_date, ${list((f) => f)} FROM old WHERE to_date > $4::date
   ),
   marked AS (
     SELECT p.*, CASE WHEN lag(p.to_date) OVER w = p.from_date - 1 AND ${FIELDS.map((f) => `lag(p.${f}) OVER w IS NOT DISTINCT FROM p.${f}`).join(' AND ')}
                      THEN 0 ELSE 1 END AS starts
       FROM pieces p WINDOW w AS (ORDER BY p.from_date)
   ),
   islands AS (
     SELECT m.*, sum(m.starts) OVER (ORDER BY m.from_date) AS island FROM marked m
   ),
   runs AS (
     SELECT min(from_date) AS from_date, max(to_date) AS to_date,
            ${list((f) => (BOOLEANS.has(f) ? `bool_or(${f}) AS ${f}` : `min(${f}) AS ${f}`))}
       FROM islands GROUP BY island
   ),
   put AS (
     INSERT INTO stay_restrictions (tenant_id, rate_plan_id, from_date, to_date, ${list((f) => f)})
     SELECT $1, plan.id, r.from_date, r.to_date, ${list((f) => `r.${f}`)}
       FROM runs r CROSS JOIN plan
      WHERE num_nonnulls(${list((f) => `r.${f}`)}) > 0 AND (SELECT count(*) FROM gone) >= 0
     RETURNING from_date
   )
   SELECT to_char(d, 'YYYY-MM-DD') AS date, ${list((f) => `r.${f}`)}
     FROM plan
    CROSS JOIN generate_series($3::date, $4::date, interval '1 day') AS d
     LEFT JOIN runs r ON r.from_date <= d::date AND r.to_date >= d::date
    WHERE (SELECT count(*) FROM put) >= 0
    ORDER BY d`,
);

/** A run as the quote source reads it: `[from, to, ...the nine values in field order]`. */
export type StayRestrictionRunTuple = [string, string, ...(number | boolean | null)[]];

/**
 * The runs of rate plan `plan` that touch dates `from`..`to` (inclusive), as a subquery: runs of a
 * plan never overlap, so they are the last run starting on or before `from` (when it reaches it)
 * and the runs starting after it up to `to`, two bounded primary-key probes however many runs the
 * plan has (past ones included).
 */
function runsTouching(tenant: string, plan: string, from: string, to: string): string {
  return `(SELECT * FROM (
       (SELECT * FROM stay_restrictions x WHERE x.tenant_id = ${tenant} AND x.rate_plan_id = ${plan} AND x.from_date <= ${from}
         ORDER BY x.from_date DESC LIMIT 1)
       UNION ALL
       (SELECT * FROM stay_restrictions x WHERE x.tenant_id = ${tenant} AND x.rate_plan_id = ${plan} AND x.from_date > ${from} AND x.from_date <= ${to})
     ) touching WHERE touching.to_date >= ${from})`;
}

/** JSON array of the runs of rate plan `plan` touching dates `from`..`to` (inclusive), for a read's select list. */
export function stayRestrictionRunsJson(tenant: string, plan: string, from: string, to: string): string {
  return `(SELECT json_agg(json_build_array(sr.from_date, sr.to_date, ${list((f) => `sr.${f}`)}))
     FROM ${runsTouching(tenant, plan, from, to)} sr)`;
}

/**
 * The SQL condition "the stay breaks a restriction of rate plan `plan`" (the rule of
 * `stayRestrictionViolations`, in SQL for search): `checkIn`/`checkOut` dates, `nights` an integer,
 * `advance` whole days from the property's today to check-in, over the runs touching the stay.
 */
export function stayRestrictedSql(tenant: string, plan: string, checkIn: string, checkOut: string, nights: string, advance: string): string {
  return `EXISTS (
     SELECT 1 FROM ${runsTouching(tenant, plan, checkIn, checkOut)} sr
      WHERE (sr.from_date <= ${checkIn}
             AND (sr.min_stay_arrival > ${nights} OR sr.max_stay_arrival < ${nights} OR sr.closed_to_arrival
                  OR sr.min_advance_days > ${advance} OR sr.max_advance_days < ${advance}))
         OR (sr.from_date < ${checkOut} AND (sr.min_stay_through > ${nights} OR sr.max_stay_through < ${nights} OR sr.stop_sell))
         OR (sr.to_date >= ${checkOut} AND sr.closed_to_departure))`;
}

/** The restrictions of each date `from`..`to` (inclusive) that runs cover, from `stayRestrictionRunsJson`'s tuples; null values left out. */
export function restrictionsByDate(runs: StayRestrictionRunTuple[], from: string, to: string): Record<string, Partial<StayRestrictions>> {
  const out: Record<string, Partial<StayRestrictions>> = {};
  const first = epochDay(from)!;
  const last = epochDay(to)!;
  for (const [runFrom, runTo, ...values] of runs) {
    const set: Partial<Record<StayRestrictionField, number | boolean>> = {};
    FIELDS.forEach((field, i) => {
      if (values[i] !== null && values[i] !== undefined) set[field] = values[i];
    });
    const restrictions = Object.freeze(set) as Partial<StayRestrictions>;
    for (let day = Math.max(first, epochDay(runFrom)!); day <= Math.min(last, epochDay(runTo)!); day++) out[isoDateOfEpochDay(day)] = restrictions;
  }
  return out;
}

/** The runs of many rate plans overlapping dates `from`..`to` (inclusive), one row per plan that has any (the ARI feed's batch). */
export const stayRestrictionRunsOfPlans = statement<
  [tenantId: string, ratePlanIds: string[], from: string, to: string],
  { rate_plan_id: string; runs: StayRestrictionRunTuple[] }
>(
  `SELECT p.id AS rate_plan_id, json_agg(json_build_array(sr.from_date, sr.to_date, ${list((f) => `sr.${f}`)})) AS runs
     FROM unnest($2::uuid[]) AS p(id)
    CROSS JOIN LATERAL ${runsTouching('$1', 'p.id', '$3::date', '$4::date')} sr
    GROUP BY p.id`,
);
