import { answerFromFacts } from './deterministic-advisor.model';
import { INTENTS, matchIntents } from '../rules/intents';
import { resolveLocale } from '../rules/locale';
import { factsOf } from '../../testing/advisor-facts.fixture';

describe('intent matching', () => {
  it('recognises every keyword of every intent, accents and case aside', () => {
    for (const [intent, keywords] of Object.entries(INTENTS)) {
      for (const keyword of keywords)
        expect({ keyword, intents: matchIntents(`Hey, ${keyword.toUpperCase()}?`) }).toEqual({ keyword, intents: expect.arrayContaining([intent]) });
    }
  });

  it('matches whole words only', () => {
    expect(matchIntents('carpet')).toEqual([]);
    expect(matchIntents('¿Dónde está?')).toEqual(['location']);
  });
});

describe('answerFromFacts', () => {
  it('answers each fact in the session locale and names the fields used', () => {
    expect(answerFromFacts({ message: 'Pets? And check-in?', locale: 'en', property: factsOf() })).toEqual({
      message: 'Pets are not allowed at Riverside. Check-in is from 15:00.',
      groundedFacts: ['pets_allowed', 'checkin_time'],
      suggestions: [{ label: 'Full property details', href: '/v1/properties/riverside/full' }],
    });
  });

  it('names the taxes and fees and how each is paid, never their amounts', () => {
    const property = {
      ...factsOf(),
      taxes: [
        { code: 'VAT', name: 'VAT', rate_bps: 600, included: true },
        { code: 'CITY', name: 'City tax', amount: 200, per: 'person_night' as const, payable: 'at_property' as const },
      ],
      fees: [{ code: 'CLEAN', name: 'Cleaning', amount: 1500, per: 'stay' as const }],
    };
    const reply = answerFromFacts({ message: 'Which taxes or fees apply?', locale: 'en', property });
    expect(reply.message).toBe(
      'Taxes and fees at Riverside: VAT (included in the rate), City tax (paid at the property), Cleaning (added to the total). Their amounts for your stay come with a quote.',
    );
    expect(reply.groundedFacts).toEqual(['taxes', 'fees']);
    expect(reply.message).not.toMatch(/\d/);
    expect(answerFromFacts({ message: 'Hay tasas?', locale: 'es', property: factsOf() }).message).toBe(
      'Riverside no indica impuestos ni tasas además de la tarifa.',
    );
  });

  it('says what it does not know instead of guessing', () => {
    const reply = answerFromFacts({ message: 'Quando é o check-out? Que idiomas falam?', locale: 'pt', property: factsOf() });
    expect(reply.message).toBe(
      'Não sei: as informações da propriedade não dizem (horário de check-out, idiomas falados). Veja os detalhes completos da propriedade ou contate-a.',
    );
    expect(reply.groundedFacts).toEqual([]);
  });

  it('never answers price, availability or cancellation from facts, even when facts are asked too', () => {
    const reply = answerFromFacts({ message: '¿Cuánto cuesta y hay wifi?', locale: 'es', property: factsOf() });
    expect(reply.message).toMatch(/^Servicios en Riverside: wifi, elevator\. No puedo indicar precios/);
    expect(reply.suggestions.map((s) => s.href)).toEqual(['/v1/search', '/v1/quotes']);
    expect(reply.groundedFacts).toEqual(['amenities']);
  });
});

describe('resolveLocale', () => {
  it.each([
    [undefined, 'en', false],
    ['pt-BR', 'pt', false],
    ['ES', 'es', false],
    ['fr', 'en', true],
  ])('%s -> %s', (requested, locale, fellBack) => expect(resolveLocale(requested)).toEqual({ locale, fellBack }));
});
