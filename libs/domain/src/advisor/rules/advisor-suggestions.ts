import type { AdvisorLocale, AdvisorSuggestion } from '../advisor.types';
import { PHRASES } from './advisor-phrases';

/** Where an agent goes instead of asking the advisor for a price or a term: search, then quote. */
export function quoteSuggestions(locale: AdvisorLocale): AdvisorSuggestion[] {
  return [
    { label: PHRASES[locale].labels.search, href: '/v1/search' },
    { label: PHRASES[locale].labels.quote, href: '/v1/quotes' },
  ];
}

export function propertySuggestion(locale: AdvisorLocale, slug: string): AdvisorSuggestion {
  return { label: PHRASES[locale].labels.property, href: `/v1/properties/${slug}/full` };
}
