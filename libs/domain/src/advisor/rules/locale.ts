import { ADVISOR_LOCALES, AdvisorLocale } from '../advisor.types';

/** `pt-BR` answers in `pt`; a language we do not write falls back to `en` (and the advisor says so). */
export function resolveLocale(requested: string | null | undefined): { locale: AdvisorLocale; fellBack: boolean } {
  if (!requested) return { locale: 'en', fellBack: false };
  const language = requested.toLowerCase().split(/[-_]/)[0];
  const supported = (ADVISOR_LOCALES as readonly string[]).includes(language);
  return { locale: supported ? (language as AdvisorLocale) : 'en', fellBack: !supported };
}
