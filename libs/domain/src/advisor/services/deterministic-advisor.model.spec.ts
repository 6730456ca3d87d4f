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
