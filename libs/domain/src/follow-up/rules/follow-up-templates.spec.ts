import { localeForCountry, renderFollowUp } from './follow-up-templates';

const facts = {
  guestName: 'Ada Lovelace',
  propertyName: 'Hotel Mar',
  checkIn: '2026-07-10',
  checkOut: '2026-07-12',
  checkInTime: '15:00',
  address: 'Rua Augusta 1, Lisboa, PT',
};

describe('follow-up templates', () => {
  it('picks the locale from the property country, English otherwise', () => {
    expect(['PT', 'br', 'ES', 'MX', 'FR', null].map(localeForCountry)).toEqual(['pt', 'pt', 'es', 'es', 'en', 'en']);
  });

  it('fills the booking facts in English', () => {
    const r = renderFollowUp('pre_arrival', 'en', facts, null);
    expect(r.subject).toBe('Your stay at Hotel Mar is coming up');
    expect(r.body).toBe(
      [
        'Dear Ada Lovelace,',
        'We look forward to welcoming you at Hotel Mar.',
        'Your stay: July 10, 2026 to July 12, 2026. Check-in from 15:00.',
        'Address: Rua Augusta 1, Lisboa, PT',
        'Kind regards,\nHotel Mar',
      ].join('\n\n'),
    );
  });

  it('renders Portuguese and Spanish with the agent message quoted as written', () => {
    const pt = renderFollowUp('custom', 'pt', facts, 'O estacionamento está incluído.');
    expect(pt.subject).toBe('Uma mensagem sobre a sua estadia no Hotel Mar');
    expect(pt.body).toContain('Caro(a) Ada Lovelace,\n\nO estacionamento está incluído.');
    expect(pt.body).toContain('10 de julho de 2026');
    const es = renderFollowUp('post_stay', 'es', { ...facts, address: '' }, null);
    expect(es.subject).toBe('Gracias por alojarse en Hotel Mar');
    expect(es.body).toContain('12 de julio de 2026');
    expect(es.body).not.toContain('Dirección');
  });
});
