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
    // amounts in words (issue 18)
    'The room is two hundred euros a night.',
    'A double costs ninety-nine dollars.',
    'Only a hundred and fifty pounds!',
    'Twenty euros for breakfast.',
    'La habitación cuesta cien dólares.',
    'Son doscientos cincuenta euros por noche.',
    'Cuesta veinticinco euros.',
    'O quarto custa duzentos reais.',
    'São mil e quinhentos reais.',
    'Custa trinta e cinco euros.',
    'Custa três dólares.',
    'Cuesta dieciséis euros.',
    'Son veintitrés dólares.',
  ])('catches "%s"', (text) => expect(statesPriceOrDate(text)).toBe(true));

  it.each([
    'Check-in is from 15:00.',
    'Room DBL (up to 3 guests, queen bed, 22 m²).',
    'Pets are allowed at Riverside Lisbon.',
    'Contact: phone +351 21 000 0000, email stay@riverside.example.',
    'Children: Children under 6 stay free.',
    'One of the two rooms has a view.',
    'Tenemos dos habitaciones con vista al mar.',
    'O hotel tem duas piscinas e um restaurante real.',
    'The Royal Pound suite has one bed.',
  ])('lets "%s" through', (text) => expect(statesPriceOrDate(text)).toBe(false));
});
