import { Injectable } from '@nestjs/common';
import { AppConfig } from '@hcs/platform';
import type { BookingRecord } from '../../booking/chain.types';
import { DEFAULT_CHECKIN_TIME } from '../../booking/rules/policy-snapshot';
import type { Address } from '../../catalog/catalog';
import { PropertyRepository } from '../../catalog/ports/property.repository';
import type { FollowUpRecord, RenderedMessage } from '../follow-up.types';
import { DEFAULT_FOLLOW_UP_SETTINGS, FollowUpSettingsRepository } from '../ports/follow-up-settings.repository';
import { messageLinkProblem } from '../rules/follow-up-links';
import { withoutLinks } from '../rules/follow-up-plain-text';
import { senderFor } from '../rules/follow-up-settings';
import { localeForCountry, renderFollowUp } from '../rules/follow-up-templates';

/**
 * A follow-up's message as the guest receives it: rendered from the booking's and property's facts
 * in the property's locale, from the tenant's own sender name and reply-to at the shared envelope
 * address (docs/follow-ups.md "Sender and links"). The guest's name, the property's name and
 * address and the sender name are filled in without links (`withoutLinks`).
 */
@Injectable()
export class FollowUpRenderer {
  constructor(
    private readonly properties: PropertyRepository,
    private readonly settings: FollowUpSettingsRepository,
    private readonly config: AppConfig,
  ) {}

  async render(f: FollowUpRecord, booking: BookingRecord): Promise<RenderedMessage> {
    const property = await this.properties.findById(booking.tenantId, booking.propertyId);
    const tenantSettings = (await this.settings.get(booking.tenantId)) ?? { ...DEFAULT_FOLLOW_UP_SETTINGS, tenantName: '' };
    const locale = localeForCountry(property?.address.country);
    // Text the guest or the tenant's admins wrote never carries a link (docs/follow-ups.md "Sender and links").
    const { subject, body } = renderFollowUp(
      f.kind,
      locale,
      {
        guestName: withoutLinks(booking.guest.primary.full_name),
        propertyName: withoutLinks(property?.name ?? ''),
        checkIn: booking.stay.check_in,
        checkOut: booking.stay.check_out,
        checkInTime: property?.checkinTime?.slice(0, 5) ?? DEFAULT_CHECKIN_TIME,
        address: property ? withoutLinks(oneLine(property.address)) : '',
      },
      f.message === null ? null : plainMessage(f.message, tenantSettings.linkDomains),
    );
    const sender = senderFor(tenantSettings, this.config.followUpFrom);
    return { to: booking.guest.primary.email, from: sender.from, reply_to: sender.replyTo, subject, body, locale };
  }
}

/**
 * A caller's message was checked when it was created (plain text, links only to the tenant's
 * `link_domains`); one that no longer passes — a domain the tenant has since removed, or a row
 * written before the check — goes out without its links.
 */
function plainMessage(message: string, linkDomains: string[]): string {
  return messageLinkProblem(message, linkDomains) === null ? message : withoutLinks(message);
}

function oneLine(address: Address): string {
  return [address.line1, address.line2, [address.postalCode, address.city].filter(Boolean).join(' '), address.region, address.country]
    .filter((part): part is string => Boolean(part && part.trim()))
    .join(', ');
}
