import { statesPriceOrDate } from './grounding-filter';

describe('statesPriceOrDate', () => {
  it.each([
    'The room is 120 EUR per night.',
    'Only €99!',
    'It costs $45.',
    'Custa 300 reais.',
    'Cuesta 80 euros.',
    'Free on 2027-05-01.',
    'Available on 12/05.',
    'We have rooms on May 3rd.',
    'Temos quartos no dia 10 de maio.',
    'Hay habitaciones el 24 de diciembre.',
  ])('catches "%s"', (text) => expect(statesPriceOrDate(text)).toBe(true));

  it.each([
    'Check-in is from 15:00.',
    'Room DBL (up to 3 guests, queen bed, 22 m²).',
    'Pets are allowed at Riverside Lisbon.',
    'Contact: phone +351 21 000 0000, email stay@riverside.example.',
    'Children: Children under 6 stay free.',
  ])('lets "%s" through', (text) => expect(statesPriceOrDate(text)).toBe(false));
});
