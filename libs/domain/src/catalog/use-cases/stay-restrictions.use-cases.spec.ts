import { DomainError } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import { NO_RESTRICTIONS } from '../../stay/stay-restrictions';
import { FakeStayRestrictions } from '../../testing/fake-stay-restrictions';
import { GetStayRestrictions } from './get-stay-restrictions.use-case';
import { SetStayRestrictions } from './set-stay-restrictions.use-case';

const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';
const PLAN = '33333333-3333-4333-8333-333333333333';
const admin: Caller = { tenantId: T1, principalId: 'adm', kind: 'admin' };
const outsider: Caller = { tenantId: T2, principalId: 'adm2', kind: 'admin' };

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe('stay restriction use cases (fake port)', () => {
  let repo: FakeStayRestrictions;
  let set: SetStayRestrictions;
  let get: GetStayRestrictions;

  beforeEach(() => {
    repo = new FakeStayRestrictions(new Map([[T1, [PLAN]]]));
    set = new SetStayRestrictions(repo);
    get = new GetStayRestrictions(repo);
  });

  it('sets the fields sent on the days of the week asked for and answers every date of the range', async () => {
    // 2027-05-07 is a Friday
    const outcome = await set.execute(
      { ratePlanId: PLAN, range: { from: '2027-05-06', to: '2027-05-09' }, daysOfWeek: ['fri', 'sat'], values: { min_stay_arrival: 2 } },
      admin,
    );
    expect(outcome.data).toEqual({
      rate_plan_id: PLAN,
      items: [
        { ...NO_RESTRICTIONS, date: '2027-05-06' },
        { ...NO_RESTRICTIONS, date: '2027-05-07', min_stay_arrival: 2 },
        { ...NO_RESTRICTIONS, date: '2027-05-08', min_stay_arrival: 2 },
        { ...NO_RESTRICTIONS, date: '2027-05-09' },
      ],
    });
    const read = await get.execute({ ratePlanId: PLAN, range: { from: '2027-05-08', to: '2027-05-08' } }, admin);
    expect(read.data.items).toEqual([{ ...NO_RESTRICTIONS, date: '2027-05-08', min_stay_arrival: 2 }]);
  });

  it('refuses bad input with every path at once and writes nothing', async () => {
    const error = await failure(
      set.execute(
        { ratePlanId: PLAN, range: { from: '2027-05-09', to: '2027-05-01' }, daysOfWeek: null, values: { min_stay_through: 4, max_stay_through: 3 } },
        admin,
      ),
    );
    expect(error.code).toBe('validation_failed');
    expect((error.detail as { field_errors: Array<{ path: string }> }).field_errors.map((e) => e.path)).toEqual(['to', 'max_stay_through']);
    expect(repo.writes).toBe(0);
    expect((await failure(get.execute({ ratePlanId: PLAN, range: { from: '2027-05-09', to: '2027-05-01' } }, admin))).code).toBe('validation_failed');
  });

  it("answers rate_plan_not_found for another tenant's plan, reading and writing", async () => {
    const range = { from: '2027-05-01', to: '2027-05-02' };
    expect((await failure(set.execute({ ratePlanId: PLAN, range, daysOfWeek: null, values: { stop_sell: true } }, outsider))).code).toBe('rate_plan_not_found');
    expect((await failure(get.execute({ ratePlanId: PLAN, range }, outsider))).code).toBe('rate_plan_not_found');
    expect(repo.writes).toBe(0);
  });
});
