import { provenFullNights } from './night-availability';

describe('provenFullNights', () => {
  it('names the nights without a free room, in date order', () => {
    expect(
      provenFullNights([
        { night: '2099-05-12', free: 0, reclaimable: 0 },
        { night: '2099-05-10', free: -1, reclaimable: 0 },
        { night: '2099-05-11', free: 1, reclaimable: 0 },
      ]),
    ).toEqual(['2099-05-10', '2099-05-12']);
  });

  it('counts the due holds a reservation would reclaim as free rooms', () => {
    expect(provenFullNights([{ night: '2099-05-10', free: 0, reclaimable: 1 }])).toEqual([]);
    // An oversold night (allotment lowered under held + sold) stays full even with one hold back.
    expect(provenFullNights([{ night: '2099-05-10', free: -1, reclaimable: 1 }])).toEqual(['2099-05-10']);
  });

  it('proves nothing from an empty read, and names a night read twice once', () => {
    expect(provenFullNights([])).toEqual([]);
    expect(
      provenFullNights([
        { night: '2099-05-10', free: 0, reclaimable: 0 },
        { night: '2099-05-10', free: 0, reclaimable: 0 },
      ]),
    ).toEqual(['2099-05-10']);
  });

  it('counts the units a reservation takes: a night with fewer rooms than that is full', () => {
    const nights = [
      { night: '2099-05-10', free: 2, reclaimable: 0 },
      { night: '2099-05-11', free: 1, reclaimable: 2 },
      { night: '2099-05-12', free: 2, reclaimable: 1 },
    ];
    expect(provenFullNights(nights, 3)).toEqual(['2099-05-10']);
    expect(provenFullNights(nights, 4)).toEqual(['2099-05-10', '2099-05-11', '2099-05-12']);
    expect(provenFullNights(nights, 2)).toEqual([]);
  });
});
