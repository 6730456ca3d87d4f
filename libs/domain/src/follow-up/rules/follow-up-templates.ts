import { DateTime } from 'luxon';
import type { FollowUpKind, FollowUpLocale } from '../follow-up.types';

/**
 * The booking's own facts a follow-up may show: the guest's name, the property and the stay.
 * Nothing else reaches a template (no payment data, nothing of another booking).
 */
export interface FollowUpFacts {
  guestName: string;
  propertyName: string;
  checkIn: string;
  checkOut: string;
  /** `HH:MM` at the property. */
  checkInTime: string;
  /** One line; empty when the property has no address. */
  address: string;
}

const PT_COUNTRIES = new Set(['PT', 'BR', 'AO', 'MZ', 'CV', 'GW', 'ST', 'TL']);
const ES_COUNTRIES = new Set(['ES', 'MX', 'AR', 'CO', 'CL', 'PE', 'VE', 'EC', 'GT', 'CU', 'BO', 'DO', 'HN', 'PY', 'SV', 'NI', 'CR', 'PA', 'UY', 'GQ']);

/** The locale of a follow-up: the language of the property's country; English otherwise. */
export function localeForCountry(country: string | null | undefined): FollowUpLocale {
  const code = (country ?? '').toUpperCase();
  if (PT_COUNTRIES.has(code)) return 'pt';
  if (ES_COUNTRIES.has(code)) return 'es';
  return 'en';
}

interface Template {
  subject: Record<FollowUpKind, (f: FollowUpFacts) => string>;
  greeting: (f: FollowUpFacts) => string;
  intro: Record<FollowUpKind, (f: FollowUpFacts) => string>;
  stay: (f: FollowUpFacts, checkIn: string, checkOut: string) => string;
  address: (f: FollowUpFacts) => string;
  signature: (f: FollowUpFacts) => string;
}

const TEMPLATES: Record<FollowUpLocale, Template> = {
  en: {
    subject: {
      pre_arrival: (f) => `Your stay at ${f.propertyName} is coming up`,
      special_request_ack: (f) => `We received your request – ${f.propertyName}`,
      post_stay: (f) => `Thank you for staying at ${f.propertyName}`,
      custom: (f) => `A message about your stay at ${f.propertyName}`,
    },
    greeting: (f) => `Dear ${f.guestName},`,
    intro: {
      pre_arrival: (f) => `We look forward to welcoming you at ${f.propertyName}.`,
      special_request_ack: () => `We have received your request and will do our best to meet it.`,
      post_stay: () => `Thank you for your stay. We would be glad to hear how it went: simply reply to this message.`,
      custom: () => ``,
    },
    stay: (f, checkIn, checkOut) => `Your stay: ${checkIn} to ${checkOut}. Check-in from ${f.checkInTime}.`,
    address: (f) => `Address: ${f.address}`,
    signature: (f) => `Kind regards,\n${f.propertyName}`,
  },
  pt: {
    subject: {
      pre_arrival: (f) => `A sua estadia no ${f.propertyName} está a chegar`,
      special_request_ack: (f) => `Recebemos o seu pedido – ${f.propertyName}`,
      post_stay: (f) => `Obrigado pela sua estadia no ${f.propertyName}`,
      custom: (f) => `Uma mensagem sobre a sua estadia no ${f.propertyName}`,
    },
    greeting: (f) => `Caro(a) ${f.guestName},`,
    intro: {
      pre_arrival: (f) => `Aguardamos a sua chegada ao ${f.propertyName}.`,
      special_request_ack: () => `Recebemos o seu pedido e faremos o possível para o atender.`,
      post_stay: () => `Obrigado pela sua estadia. Gostaríamos de saber como correu: basta responder a esta mensagem.`,
      custom: () => ``,
    },
    stay: (f, checkIn, checkOut) => `A sua estadia: de ${checkIn} a ${checkOut}. Check-in a partir das ${f.checkInTime}.`,
    address: (f) => `Morada: ${f.address}`,
    signature: (f) => `Com os melhores cumprimentos,\n${f.propertyName}`,
  },
  es: {
    subject: {
      pre_arrival: (f) => `Su estancia en ${f.propertyName} se acerca`,
      special_request_ack: (f) => `Hemos recibido su solicitud – ${f.propertyName}`,
      post_stay: (f) => `Gracias por alojarse en ${f.propertyName}`,
      custom: (f) => `Un mensaje sobre su estancia en ${f.propertyName}`,
    },
    greeting: (f) => `Estimado/a ${f.guestName}:`,
    intro: {
      pre_arrival: (f) => `Esperamos darle la bienvenida en ${f.propertyName}.`,
      special_request_ack: () => `Hemos recibido su solicitud y haremos todo lo posible por atenderla.`,
      post_stay: () => `Gracias por su estancia. Nos encantaría saber cómo fue: basta con responder a este mensaje.`,
      custom: () => ``,
    },
    stay: (f, checkIn, checkOut) => `Su estancia: del ${checkIn} al ${checkOut}. Entrada a partir de las ${f.checkInTime}.`,
    address: (f) => `Dirección: ${f.address}`,
    signature: (f) => `Atentamente,\n${f.propertyName}`,
  },
};

function localDate(date: string, locale: FollowUpLocale): string {
  const d = DateTime.fromISO(date, { zone: 'UTC' }).setLocale(locale);
  return d.isValid ? d.toLocaleString(DateTime.DATE_FULL) : date;
}

/** Subject and body of a follow-up in `locale`; the agent's `message`, if any, is quoted as written. */
export function renderFollowUp(kind: FollowUpKind, locale: FollowUpLocale, facts: FollowUpFacts, message: string | null): { subject: string; body: string } {
  const t = TEMPLATES[locale] ?? TEMPLATES.en;
  const paragraphs = [
    t.greeting(facts),
    t.intro[kind](facts),
    message ?? '',
    t.stay(facts, localDate(facts.checkIn, locale), localDate(facts.checkOut, locale)),
    facts.address ? t.address(facts) : '',
    t.signature(facts),
  ].filter((p) => p.length > 0);
  return { subject: t.subject[kind](facts), body: paragraphs.join('\n\n') };
}
