import { stayMove } from './stay-move';

describe('stayMove', () => {
  it('releases only the old nights and takes only the new ones, in date order', () => {
    expect(stayMove(['2027-05-10', '2027-05-11'], ['2027-05-11', '2027-05-12'])).toEqual({ release: ['2027-05-10'], take: ['2027-05-12'] });
    expect(stayMove(['2027-05-11', '2027-05-10'], ['2027-06-02', '2027-06-01'])).toEqual({
      release: ['2027-05-10', '2027-05-11'],
      take: ['2027-06-01', '2027-06-02'],
    });
    expect(stayMove(['2027-05-10'], ['2027-05-10'])).toEqual({ release: [], take: [] });
  });
});
