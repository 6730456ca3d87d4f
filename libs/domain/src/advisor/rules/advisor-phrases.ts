import type { AdvisorLocale } from '../advisor.types';

interface Phrases {
  welcome: (name: string) => string;
  fallback: (requested: string) => string;
  amenities: (name: string, list: string) => string;
  noAmenities: (name: string) => string;
  petsAllowed: (name: string) => string;
  petsNotAllowed: (name: string) => string;
  checkin: (time: string) => string;
  checkout: (time: string) => string;
  roomTypes: (list: string) => string;
  roomType: (name: string, guests: number, extras: string[]) => string;
  bed: (bed: string) => string;
  size: (sqm: number) => string;
  smoking: string;
  accessibility: (list: string) => string;
  location: (name: string, where: string) => string;
  contact: (parts: string) => string;
  phone: (phone: string) => string;
  email: (email: string) => string;
  children: (text: string) => string;
  /** Taxes and fees by name and how each is paid, never their amounts (docs/catalog.md "Taxes and fees"). */
  taxes: (name: string, list: string) => string;
  noTaxes: (name: string) => string;
  taxHow: Record<'included' | 'at_property' | 'online', string>;
  quoteOnly: string;
  unknown: (topics: string) => string;
  dontKnow: string;
  topics: Record<'checkin' | 'checkout' | 'accessibility' | 'location' | 'contact' | 'children' | 'languages', string>;
  labels: { search: string; quote: string; property: string };
}

/** Every sentence the deterministic advisor writes, per locale (docs/advisor.md). */
export const PHRASES: Record<AdvisorLocale, Phrases> = {
  en: {
    welcome: (name) =>
      `Hello! I can answer questions about ${name}: amenities, pets, check-in and check-out times, room types, accessibility, location and contact. Prices, availability and cancellation terms come only from a quote.`,
    fallback: (requested) => `The locale "${requested}" is not supported; I answer in English.`,
    amenities: (name, list) => `Amenities at ${name}: ${list}.`,
    noAmenities: (name) => `${name} lists no amenities.`,
    petsAllowed: (name) => `Pets are allowed at ${name}.`,
    petsNotAllowed: (name) => `Pets are not allowed at ${name}.`,
    checkin: (time) => `Check-in is from ${time}.`,
    checkout: (time) => `Check-out is until ${time}.`,
    roomTypes: (list) => `Room types: ${list}.`,
    roomType: (name, guests, extras) => `${name} (up to ${guests} guests${extras.map((e) => `, ${e}`).join('')})`,
    bed: (bed) => `${bed} bed`,
    size: (sqm) => `${sqm} m²`,
    smoking: 'smoking allowed',
    accessibility: (list) => `Accessibility features listed: ${list}.`,
    location: (name, where) => `${name} is at ${where}.`,
    contact: (parts) => `Contact: ${parts}.`,
    phone: (phone) => `phone ${phone}`,
    email: (email) => `email ${email}`,
    children: (text) => `Children: ${text}`,
    taxes: (name, list) => `Taxes and fees at ${name}: ${list}. Their amounts for your stay come with a quote.`,
    noTaxes: (name) => `${name} lists no taxes or fees beyond the room rate.`,
    taxHow: { included: 'included in the rate', at_property: 'paid at the property', online: 'added to the total' },
    quoteOnly:
      'I cannot state prices, availability or cancellation terms: they come only from a quote for your dates and party. Search availability, then get a quote to see them.',
    unknown: (topics) => `I do not know the ${topics}: the property's information does not say. See the full property details or contact the property.`,
    dontKnow: "I do not know: the property's information does not answer that. See the full property details or contact the property.",
    topics: {
      checkin: 'check-in time',
      checkout: 'check-out time',
      accessibility: 'accessibility features',
      location: 'address',
      contact: 'contact details',
      children: 'child policy',
      languages: 'languages spoken',
    },
    labels: { search: 'Search availability at this property', quote: 'Get a quote for your dates', property: 'Full property details' },
  },
  pt: {
    welcome: (name) =>
      `Olá! Posso responder perguntas sobre ${name}: comodidades, animais de estimação, horários de check-in e check-out, tipos de quarto, acessibilidade, localização e contato. Preços, disponibilidade e condições de cancelamento vêm apenas de uma cotação.`,
    fallback: (requested) => `O idioma "${requested}" não é suportado; respondo em inglês.`,
    amenities: (name, list) => `Comodidades em ${name}: ${list}.`,
    noAmenities: (name) => `${name} não lista comodidades.`,
    petsAllowed: (name) => `Animais de estimação são aceitos em ${name}.`,
    petsNotAllowed: (name) => `Animais de estimação não são aceitos em ${name}.`,
    checkin: (time) => `O check-in é a partir das ${time}.`,
    checkout: (time) => `O check-out é até às ${time}.`,
    roomTypes: (list) => `Tipos de quarto: ${list}.`,
    roomType: (name, guests, extras) => `${name} (até ${guests} hóspedes${extras.map((e) => `, ${e}`).join('')})`,
    bed: (bed) => `cama ${bed}`,
    size: (sqm) => `${sqm} m²`,
    smoking: 'permitido fumar',
    accessibility: (list) => `Recursos de acessibilidade listados: ${list}.`,
    location: (name, where) => `${name} fica em ${where}.`,
    contact: (parts) => `Contato: ${parts}.`,
    phone: (phone) => `telefone ${phone}`,
    email: (email) => `e-mail ${email}`,
    children: (text) => `Crianças: ${text}`,
    taxes: (name, list) => `Impostos e taxas em ${name}: ${list}. Os valores para a sua estadia vêm com uma cotação.`,
    noTaxes: (name) => `${name} não indica impostos nem taxas além da diária.`,
    taxHow: { included: 'incluído na diária', at_property: 'pago na propriedade', online: 'somado ao total' },
    quoteOnly:
      'Não posso informar preços, disponibilidade ou condições de cancelamento: eles vêm apenas de uma cotação para as suas datas e hóspedes. Pesquise a disponibilidade e peça uma cotação para vê-los.',
    unknown: (topics) => `Não sei: as informações da propriedade não dizem (${topics}). Veja os detalhes completos da propriedade ou contate-a.`,
    dontKnow: 'Não sei: as informações da propriedade não respondem a isso. Veja os detalhes completos da propriedade ou contate-a.',
    topics: {
      checkin: 'horário de check-in',
      checkout: 'horário de check-out',
      accessibility: 'recursos de acessibilidade',
      location: 'endereço',
      contact: 'contato',
      children: 'política para crianças',
      languages: 'idiomas falados',
    },
    labels: {
      search: 'Pesquisar disponibilidade nesta propriedade',
      quote: 'Pedir uma cotação para as suas datas',
      property: 'Detalhes completos da propriedade',
    },
  },
  es: {
    welcome: (name) =>
      `¡Hola! Puedo responder preguntas sobre ${name}: servicios, mascotas, horarios de check-in y check-out, tipos de habitación, accesibilidad, ubicación y contacto. Los precios, la disponibilidad y las condiciones de cancelación solo los da una cotización.`,
    fallback: (requested) => `El idioma "${requested}" no está disponible; respondo en inglés.`,
    amenities: (name, list) => `Servicios en ${name}: ${list}.`,
    noAmenities: (name) => `${name} no indica servicios.`,
    petsAllowed: (name) => `Se admiten mascotas en ${name}.`,
    petsNotAllowed: (name) => `No se admiten mascotas en ${name}.`,
    checkin: (time) => `El check-in es a partir de las ${time}.`,
    checkout: (time) => `El check-out es hasta las ${time}.`,
    roomTypes: (list) => `Tipos de habitación: ${list}.`,
    roomType: (name, guests, extras) => `${name} (hasta ${guests} huéspedes${extras.map((e) => `, ${e}`).join('')})`,
    bed: (bed) => `cama ${bed}`,
    size: (sqm) => `${sqm} m²`,
    smoking: 'se permite fumar',
    accessibility: (list) => `Accesibilidad indicada: ${list}.`,
    location: (name, where) => `${name} está en ${where}.`,
    contact: (parts) => `Contacto: ${parts}.`,
    phone: (phone) => `teléfono ${phone}`,
    email: (email) => `correo ${email}`,
    children: (text) => `Niños: ${text}`,
    taxes: (name, list) => `Impuestos y tasas en ${name}: ${list}. Los importes para su estancia vienen con una cotización.`,
    noTaxes: (name) => `${name} no indica impuestos ni tasas además de la tarifa.`,
    taxHow: { included: 'incluido en la tarifa', at_property: 'se paga en la propiedad', online: 'se suma al total' },
    quoteOnly:
      'No puedo indicar precios, disponibilidad ni condiciones de cancelación: solo los da una cotización para sus fechas y huéspedes. Busque disponibilidad y pida una cotización para verlos.',
    unknown: (topics) => `No lo sé: la información de la propiedad no lo indica (${topics}). Consulte los detalles completos de la propiedad o contáctela.`,
    dontKnow: 'No lo sé: la información de la propiedad no responde a eso. Consulte los detalles completos de la propiedad o contáctela.',
    topics: {
      checkin: 'horario de check-in',
      checkout: 'horario de check-out',
      accessibility: 'accesibilidad',
      location: 'dirección',
      contact: 'contacto',
      children: 'política para niños',
      languages: 'idiomas hablados',
    },
    labels: {
      search: 'Buscar disponibilidad en esta propiedad',
      quote: 'Pedir una cotización para sus fechas',
      property: 'Detalles completos de la propiedad',
    },
  },
};
