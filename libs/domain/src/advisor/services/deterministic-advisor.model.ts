import { Injectable } from '@nestjs/common';
import { AdvisorModel } from '../ports/advisor-model';
import type { AdvisorFacts, AdvisorLocale, AdvisorQuestion, AdvisorReply, AdvisorSuggestion } from '../advisor.types';
import { PHRASES } from '../rules/advisor-phrases';
import { propertySuggestion, quoteSuggestions } from '../rules/advisor-suggestions';
import { Intent, matchIntents, normalizeText, PROTECTED_INTENTS } from '../rules/intents';

const ACCESSIBILITY_WORDS = [
  'accessible',
  'accessibility',
  'wheelchair',
  'elevator',
  'lift',
  'step free',
  'ramp',
  'braille',
  'hearing',
  'roll in',
  'grab bar',
  'acessivel',
  'elevador',
  'rampa',
  'accesible',
  'ascensor',
];

interface Part {
  text: string | null;
  facts: string[];
  /** A topic the read model does not answer (it goes into one "I do not know" sentence). */
  unknown?: keyof (typeof PHRASES)['en']['topics'];
}

/**
 * The default advisor: recognises intents by keywords (rules/intents.ts) and answers each from
 * the property read model alone, naming the fields it used. Prices, availability and
 * cancellation terms are never answered: it points at search and quote instead.
 */
@Injectable()
export class DeterministicAdvisorModel extends AdvisorModel {
  answer(question: AdvisorQuestion): Promise<AdvisorReply> {
    return Promise.resolve(answerFromFacts(question));
  }
}

export function answerFromFacts({ message, locale, property }: AdvisorQuestion): AdvisorReply {
  const phrases = PHRASES[locale];
  const intents = matchIntents(message);
  const parts = intents.filter((intent) => !PROTECTED_INTENTS.includes(intent)).map((intent) => partFor(intent, property, locale));
  const known = parts.filter((part) => part.text !== null);
  const unknownTopics = parts.flatMap((part) => (part.unknown ? [phrases.topics[part.unknown]] : []));
  const asksForQuote = intents.some((intent) => PROTECTED_INTENTS.includes(intent));
  const sentences = known.map((part) => part.text as string);
  if (unknownTopics.length > 0) sentences.push(phrases.unknown(unknownTopics.join(', ')));
  if (asksForQuote) sentences.push(phrases.quoteOnly);
  const suggestions: AdvisorSuggestion[] = [];
  if (asksForQuote) suggestions.push(...quoteSuggestions(locale));
  if (sentences.length === 0) sentences.push(phrases.dontKnow);
  if (unknownTopics.length > 0 || known.length === 0 || !asksForQuote) suggestions.push(propertySuggestion(locale, property.slug));
  return { message: sentences.join(' '), groundedFacts: [...new Set(known.flatMap((part) => part.facts))], suggestions };
}

function partFor(intent: Intent, p: AdvisorFacts, locale: AdvisorLocale): Part {
  const t = PHRASES[locale];
  switch (intent) {
    case 'amenities':
      return { text: p.amenities.length > 0 ? t.amenities(p.name, p.amenities.join(', ')) : t.noAmenities(p.name), facts: ['amenities'] };
    case 'pets':
      return { text: p.pets_allowed ? t.petsAllowed(p.name) : t.petsNotAllowed(p.name), facts: ['pets_allowed'] };
    case 'checkin':
      return p.checkin_time ? { text: t.checkin(p.checkin_time), facts: ['checkin_time'] } : { text: null, facts: [], unknown: 'checkin' };
    case 'checkout':
      return p.checkout_time ? { text: t.checkout(p.checkout_time), facts: ['checkout_time'] } : { text: null, facts: [], unknown: 'checkout' };
    case 'room_types':
      return {
        text: t.roomTypes(
          p.room_types
            .map((room) => {
              const extras = [
                room.bed_type ? t.bed(room.bed_type) : null,
                room.floor_size_sqm ? t.size(Math.round(room.floor_size_sqm)) : null,
                room.smoking_allowed ? t.smoking : null,
              ];
              return t.roomType(
                room.name,
                room.max_occupancy,
                extras.filter((e): e is string => e !== null),
              );
            })
            .join('; '),
        ),
        facts: p.room_types.map((room) => `room_types[${room.code}]`),
      };
    case 'accessibility': {
      const features = [...p.amenities, ...p.room_types.flatMap((room) => room.amenities)].filter((a) =>
        ACCESSIBILITY_WORDS.some((w) => normalizeText(a).includes(` ${w} `)),
      );
      const unique = [...new Set(features)];
      return unique.length > 0
        ? { text: t.accessibility(unique.join(', ')), facts: ['amenities', 'room_types[].amenities'] }
        : { text: null, facts: [], unknown: 'accessibility' };
    }
    case 'location': {
      if (!p.address) return { text: null, facts: [], unknown: 'location' };
      const where = [p.address.line1, p.address.city, p.address.country].join(', ');
      return { text: t.location(p.name, where), facts: ['address'] };
    }
    case 'contact': {
      const parts = [p.phone ? t.phone(p.phone) : null, p.email ? t.email(p.email) : null].filter((x): x is string => x !== null);
      return parts.length > 0
        ? { text: t.contact(parts.join(', ')), facts: [p.phone ? 'phone' : null, p.email ? 'email' : null].filter((x): x is string => x !== null) }
        : { text: null, facts: [], unknown: 'contact' };
    }
    case 'children': {
      const texts = [...new Set(p.policies.map((policy) => policy.child_policy_text).filter((x): x is string => Boolean(x)))];
      return texts.length > 0 ? { text: t.children(texts.join(' ')), facts: ['policies[].child_policy_text'] } : { text: null, facts: [], unknown: 'children' };
    }
    case 'taxes': {
      const items = [...p.taxes, ...p.fees];
      if (items.length === 0) return { text: t.noTaxes(p.name), facts: ['taxes', 'fees'] };
      const how = (item: (typeof items)[number]) =>
        item.included ? t.taxHow.included : item.payable === 'at_property' ? t.taxHow.at_property : t.taxHow.online;
      return { text: t.taxes(p.name, items.map((item) => `${item.name} (${how(item)})`).join(', ')), facts: ['taxes', 'fees'] };
    }
    case 'languages':
      return { text: null, facts: [], unknown: 'languages' };
    default:
      return { text: null, facts: [] };
  }
}
