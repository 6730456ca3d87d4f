import { otaAnswer } from './ota-answer';
import { OtaPropertyRef, resolveOtaCommands, stampAllows, storedAmount, withoutStale } from './ota-commands';
import { OTA_ERROR, OTA_MAX_VALUES, readOtaRequest, OtaMessageName } from './ota-request';
import { OTA_MAX_DEPTH, parseOtaXml } from './ota-xml';
import { restrictionRuns } from '../use-cases/receive-ota-message.use-case';

const NS = 'http://www.opentravel.org/OTA/2003/05';

function read(message: OtaMessageName, xml: string) {
  const document = parseOtaXml(xml);
  if (!document.root) throw new Error(document.problem.message);
  return readOtaRequest(message, document.root);
}

const property: OtaPropertyRef = {
  id: 'p1',
  slug: 'hotel-azur',
  taxes: [],
  roomTypes: [
    {
      id: 'rt-dbl',
      code: 'DBL',
      maxOccupancy: 3,
      ratePlans: [
        { id: 'rp-dbl-bar', code: 'BAR', currency: 'EUR', baseAdults: 2 },
        { id: 'rp-dbl-nr', code: 'NR', currency: 'EUR', baseAdults: 2 },
      ],
    },
    { id: 'rt-sgl', code: 'SGL', maxOccupancy: 1, ratePlans: [{ id: 'rp-sgl-bar', code: 'BAR', currency: 'EUR', baseAdults: 1 }] },
  ],
};

const avail = (body: string, attrs = 'EchoToken="e1" TimeStamp="2027-01-01T10:00:00Z" Version="1.0"') =>
  `<?xml version="1.0" encoding="UTF-8"?><OTA_HotelAvailNotifRQ xmlns="${NS}" ${attrs}><AvailStatusMessages HotelCode="hotel-azur">${body}</AvailStatusMessages></OTA_HotelAvailNotifRQ>`;

describe('OpenTravel XML reading', () => {
  it('refuses a DOCTYPE (entity expansion) without expanding it', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><OTA_HotelAvailNotifRQ xmlns="${NS}">&lol2;</OTA_HotelAvailNotifRQ>`;
    expect(parseOtaXml(laughs).problem?.kind).toBe('doctype');
    const external = `<?xml version="1.0"?><!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><OTA_HotelAvailNotifRQ xmlns="${NS}">&xxe;</OTA_HotelAvailNotifRQ>`;
    expect(parseOtaXml(external).problem?.kind).toBe('doctype');
  });

  it('refuses nesting deeper than the limit, malformed XML and another namespace', () => {
    const deep = `<OTA_HotelAvailNotifRQ xmlns="${NS}">${'<a>'.repeat(10_000)}${'</a>'.repeat(10_000)}</OTA_HotelAvailNotifRQ>`;
    expect(parseOtaXml(deep).problem).toEqual(expect.objectContaining({ kind: 'too_deep', message: expect.stringContaining(String(OTA_MAX_DEPTH)) }));
    expect(parseOtaXml(`<OTA_HotelAvailNotifRQ xmlns="${NS}"><x></OTA_HotelAvailNotifRQ>`).problem?.kind).toBe('malformed');
    expect(parseOtaXml('<OTA_HotelAvailNotifRQ xmlns="urn:other"/>').problem?.kind).toBe('namespace');
    expect(parseOtaXml('').problem?.kind).toBe('malformed');
  });

  it('keeps positions as XPath-like locators with line numbers', () => {
    const doc = parseOtaXml(`<R xmlns="${NS}">\n<A/>\n<A><B/></A></R>`);
    const second = doc.root!.children[1];
    expect(second.path).toBe('/R/A[2]');
    expect(second.children[0].path).toBe('/R/A[2]/B[1]');
    expect(second.line).toBe(3);
  });

  it('answers an error when the root is not the message the path names', () => {
    const request = read('OTA_HotelRateAmountNotifRQ', avail(''));
    expect(request.errors).toEqual([expect.objectContaining({ type: OTA_ERROR.type.protocol, code: OTA_ERROR.code.unableToProcess })]);
  });
});

describe('OTA_HotelAvailNotifRQ mapping', () => {
  it('maps lengths of stay, restriction statuses and booking limits over the chosen dates', () => {
    const request = read(
      'OTA_HotelAvailNotifRQ',
      avail(`<AvailStatusMessage BookingLimit="4">
        <StatusApplicationControl Start="2027-03-01" End="2027-03-14" InvTypeCode="DBL" RatePlanCode="BAR" Mon="0" Tue="0" Weds="0" Thur="0" Fri="1" Sat="true" Sun="false"/>
        <LengthsOfStay>
          <LengthOfStay Time="2" TimeUnit="Day" MinMaxMessageType="SetMinLOS"/>
          <LengthOfStay Time="7" MinMaxMessageType="SetMaxLOS"/>
          <LengthOfStay Time="3" MinMaxMessageType="SetForwardMinStay"/>
          <LengthOfStay Time="0" MinMaxMessageType="SetForwardMaxStay"/>
        </LengthsOfStay>
        <RestrictionStatus Status="Close" Restriction="Arrival"/>
        <RestrictionStatus Status="Open" Restriction="Departure"/>
        <RestrictionStatus Status="Close"/>
      </AvailStatusMessage>`),
    );
    expect(request.errors).toEqual([]);
    expect(request.stampedAt?.toISOString()).toBe('2027-01-01T10:00:00.000Z');
    const fields = request.restrictions.map((r) => [r.field, r.value]);
    expect(fields).toEqual([
      ['min_stay_arrival', 2],
      ['max_stay_arrival', 7],
      ['min_stay_through', 3],
      ['max_stay_through', null],
      ['closed_to_arrival', true],
      ['closed_to_departure', null],
      ['stop_sell', true],
    ]);
    // 2027-03-05 and 12 are Fridays, 06 and 13 Saturdays.
    expect(request.restrictions[0].dates).toEqual(['2027-03-05', '2027-03-06', '2027-03-12', '2027-03-13']);
    expect(request.allotments).toEqual([expect.objectContaining({ kind: 'left', count: 4, invTypeCode: 'DBL' })]);

    const commands = resolveOtaCommands(request, [property]);
    expect(commands.errors).toEqual([]);
    expect(commands.restrictions.filter((r) => r.field === 'stop_sell').map((r) => r.night)).toEqual(['2027-03-05', '2027-03-06', '2027-03-12', '2027-03-13']);
    expect(commands.allotments).toHaveLength(4);
    expect(commands.allotments[0]).toEqual({ roomTypeId: 'rt-dbl', night: '2027-03-05', kind: 'left', count: 4 });
  });

  it('applies a restriction without RatePlanCode to every plan of the room type', () => {
    const request = read(
      'OTA_HotelAvailNotifRQ',
      avail(
        '<AvailStatusMessage><StatusApplicationControl Start="2027-03-01" End="2027-03-01" InvTypeCode="DBL"/><RestrictionStatus Status="Close"/></AvailStatusMessage>',
      ),
    );
    const commands = resolveOtaCommands(request, [property]);
    expect(commands.restrictions.map((r) => r.ratePlanId).sort()).toEqual(['rp-dbl-bar', 'rp-dbl-nr']);
  });

  it('reports every bad element at once with its type, code and locator', () => {
    const request = read(
      'OTA_HotelAvailNotifRQ',
      avail(`<AvailStatusMessage BookingLimit="-1"><StatusApplicationControl Start="2027-03-01" End="2027-03-01" InvTypeCode="DBL" RatePlanCode="BAR"/>
          <LengthsOfStay><LengthOfStay Time="2" MinMaxMessageType="FullPatternLOS"/></LengthsOfStay>
          <RestrictionStatus Status="Shut"/></AvailStatusMessage>
        <AvailStatusMessage><StatusApplicationControl Start="2027-02-30" End="2027-03-01"/><RestrictionStatus Status="Close"/></AvailStatusMessage>
        <AvailStatusMessage><StatusApplicationControl Start="2027-03-05" End="2027-03-01"/><RestrictionStatus Status="Close"/></AvailStatusMessage>`),
    );
    expect(request.errors.map((e) => [e.code, e.path])).toEqual([
      [OTA_ERROR.code.invalidValue, '/OTA_HotelAvailNotifRQ/AvailStatusMessages[1]/AvailStatusMessage[1]'],
      [OTA_ERROR.code.invalidValue, '/OTA_HotelAvailNotifRQ/AvailStatusMessages[1]/AvailStatusMessage[1]/LengthsOfStay[1]/LengthOfStay[1]'],
      [OTA_ERROR.code.invalidValue, '/OTA_HotelAvailNotifRQ/AvailStatusMessages[1]/AvailStatusMessage[1]/RestrictionStatus[1]'],
      [OTA_ERROR.code.invalidDate, '/OTA_HotelAvailNotifRQ/AvailStatusMessages[1]/AvailStatusMessage[2]/StatusApplicationControl[1]'],
      [OTA_ERROR.code.invalidDateRange, '/OTA_HotelAvailNotifRQ/AvailStatusMessages[1]/AvailStatusMessage[3]/StatusApplicationControl[1]'],
    ]);
    expect(request.errors.every((e) => e.type === OTA_ERROR.type.businessRule && /\(line \d+\)$/.test(e.text))).toBe(true);
  });

  it('refuses another property, an unknown room type and an unknown rate plan, each as its own error', () => {
    const request = read(
      'OTA_HotelAvailNotifRQ',
      `<OTA_HotelAvailNotifRQ xmlns="${NS}">
        <AvailStatusMessages HotelCode="someone-else"><AvailStatusMessage BookingLimit="1"><StatusApplicationControl Start="2027-03-01" End="2027-03-01" InvTypeCode="DBL"/></AvailStatusMessage></AvailStatusMessages>
        <AvailStatusMessages HotelCode="hotel-azur">
          <AvailStatusMessage BookingLimit="1"><StatusApplicationControl Start="2027-03-01" End="2027-03-01" InvTypeCode="XXL"/></AvailStatusMessage>
          <AvailStatusMessage><StatusApplicationControl Start="2027-03-01" End="2027-03-01" InvTypeCode="DBL" RatePlanCode="NOPE"/><RestrictionStatus Status="Close"/></AvailStatusMessage>
        </AvailStatusMessages></OTA_HotelAvailNotifRQ>`,
    );
    const commands = resolveOtaCommands(request, [property]);
    expect(commands.errors.map((e) => [e.type, e.code])).toEqual([
      [OTA_ERROR.type.authorization, OTA_ERROR.code.invalidHotelCode],
      [OTA_ERROR.type.businessRule, OTA_ERROR.code.invalidRoomType],
      [OTA_ERROR.type.businessRule, OTA_ERROR.code.invalidRateCode],
    ]);
  });
});

describe('OTA_HotelInvCountNotifRQ mapping', () => {
  it('reads CountType 2 as rooms left and 1 as the total allotment, refusing other types', () => {
    const request = read(
      'OTA_HotelInvCountNotifRQ',
      `<OTA_HotelInvCountNotifRQ xmlns="${NS}"><Inventories HotelCode="hotel-azur">
        <Inventory><StatusApplicationControl Start="2027-03-01" End="2027-03-02" InvTypeCode="DBL"/><InvCounts><InvCount CountType="2" Count="5"/></InvCounts></Inventory>
        <Inventory><StatusApplicationControl Start="2027-03-03" End="2027-03-03" InvTypeCode="SGL"/><InvCounts><InvCount CountType="1" Count="9"/></InvCounts></Inventory>
        <Inventory><StatusApplicationControl Start="2027-03-03" End="2027-03-03" InvTypeCode="SGL"/><InvCounts><InvCount CountType="4" Count="9"/></InvCounts></Inventory>
      </Inventories></OTA_HotelInvCountNotifRQ>`,
    );
    expect(request.errors.map((e) => e.path)).toEqual(['/OTA_HotelInvCountNotifRQ/Inventories[1]/Inventory[3]/InvCounts[1]/InvCount[1]']);
    const commands = resolveOtaCommands({ ...request, errors: [] }, [property]);
    expect(commands.allotments).toEqual([
      { roomTypeId: 'rt-dbl', night: '2027-03-01', kind: 'left', count: 5 },
      { roomTypeId: 'rt-dbl', night: '2027-03-02', kind: 'left', count: 5 },
      { roomTypeId: 'rt-sgl', night: '2027-03-03', kind: 'total', count: 9 },
    ]);
  });
});

describe('OTA_HotelRateAmountNotifRQ mapping', () => {
  const rates = (rate: string, control = 'InvTypeCode="DBL" RatePlanCode="BAR"') =>
    read(
      'OTA_HotelRateAmountNotifRQ',
      `<OTA_HotelRateAmountNotifRQ xmlns="${NS}" TimeStamp="2027-01-01T10:00:00"><RateAmountMessages HotelCode="hotel-azur"><RateAmountMessage>
        <StatusApplicationControl Start="2027-03-01" End="2027-03-02" ${control}/><Rates>${rate}</Rates></RateAmountMessage></RateAmountMessages></OTA_HotelRateAmountNotifRQ>`,
    );

  it('maps BaseByGuestAmt per number of guests, the extra adult and child brackets', () => {
    const request = rates(`<Rate CurrencyCode="EUR">
      <BaseByGuestAmts>
        <BaseByGuestAmt AmountAfterTax="90.00" NumberOfGuests="1" AgeQualifyingCode="10"/>
        <BaseByGuestAmt AmountAfterTax="120.50" NumberOfGuests="2"/>
        <BaseByGuestAmt AmountAfterTax="15000" DecimalPlaces="2" NumberOfGuests="3"/>
      </BaseByGuestAmts>
      <AdditionalGuestAmounts>
        <AdditionalGuestAmount AgeQualifyingCode="10" Amount="30"/>
        <AdditionalGuestAmount AgeQualifyingCode="8" MaxAge="11" Amount="12.00"/>
        <AdditionalGuestAmount AgeQualifyingCode="8" MaxAge="3" Amount="0"/>
      </AdditionalGuestAmounts></Rate>`);
    expect(request.stampedAt?.toISOString()).toBe('2027-01-01T10:00:00.000Z');
    const commands = resolveOtaCommands(request, [property]);
    expect(commands.errors).toEqual([]);
    expect(commands.rates).toEqual([
      {
        ratePlanId: 'rp-dbl-bar',
        night: '2027-03-01',
        amount: 12050,
        by_adults: { '1': 9000, '2': 12050, '3': 15000 },
        extra_adult: 3000,
        child_rates: [
          { max_age: 3, amount: 0 },
          { max_age: 11, amount: 1200 },
        ],
      },
      expect.objectContaining({ night: '2027-03-02', amount: 12050 }),
    ]);
  });

  it('takes a BaseByGuestAmt without NumberOfGuests as the nightly amount', () => {
    const commands = resolveOtaCommands(rates('<Rate><BaseByGuestAmts><BaseByGuestAmt AmountBeforeTax="100"/></BaseByGuestAmts></Rate>'), [property]);
    expect(commands.rates[0]).toEqual(expect.objectContaining({ amount: 10000, by_adults: null, extra_adult: null, child_rates: null }));
  });

  it('converts AmountAfterTax with the property taxes that are not included', () => {
    const taxed: OtaPropertyRef = {
      ...property,
      taxes: [
        { code: 'vat', name: 'VAT', rate_bps: 1000 },
        { code: 'city', name: 'City tax', amount: 200, per: 'person_night' },
        { code: 'svc', name: 'Service', rate_bps: 500, included: true },
      ],
    };
    const commands = resolveOtaCommands(rates('<Rate><BaseByGuestAmts><BaseByGuestAmt AmountAfterTax="114.40" NumberOfGuests="2"/></BaseByGuestAmts></Rate>'), [
      taxed,
    ]);
    // (11440 - 2 × 200) × 10000 / 11000 = 10036.36…
    expect(commands.rates[0].amount).toBe(10036);
    const amount = { beforeTax: '100', afterTax: null, decimalPlaces: null, element: {} as never };
    // A before-tax amount gains the included taxes only.
    expect(storedAmount(amount, taxed.taxes, 2, 'EUR')).toBe(10500);
    expect(storedAmount({ ...amount, beforeTax: null, afterTax: '100' }, [{ code: 'vat', name: 'VAT', rate_bps: 1000, included: true }], 2, 'EUR')).toBe(10000);
  });

  it('refuses another currency, a child bracket without MaxAge and too many adults, each at its element', () => {
    const request = rates(`<Rate CurrencyCode="USD"><BaseByGuestAmts><BaseByGuestAmt AmountAfterTax="90" NumberOfGuests="1"/></BaseByGuestAmts></Rate>
      <Rate><BaseByGuestAmts><BaseByGuestAmt AmountAfterTax="90" NumberOfGuests="1"/></BaseByGuestAmts><AdditionalGuestAmounts><AdditionalGuestAmount AgeQualifyingCode="8" Amount="5"/></AdditionalGuestAmounts></Rate>
      <Rate><BaseByGuestAmts><BaseByGuestAmt AmountAfterTax="90" NumberOfGuests="4"/></BaseByGuestAmts></Rate>
      <Rate><BaseByGuestAmts><BaseByGuestAmt AmountAfterTax="90.001" NumberOfGuests="1"/></BaseByGuestAmts></Rate>`);
    expect(request.errors.map((e) => e.code)).toEqual([OTA_ERROR.code.requiredFieldMissing]);
    const commands = resolveOtaCommands({ ...request, errors: [] }, [property]);
    expect(commands.errors.map((e) => [e.code, e.path.replace(/^.*RateAmountMessage\[1\]/, '')])).toEqual([
      [OTA_ERROR.code.invalidCurrency, '/Rates[1]/Rate[1]'],
      [OTA_ERROR.code.invalidValue, '/Rates[1]/Rate[3]'],
      [OTA_ERROR.code.invalidValue, '/Rates[1]/Rate[4]/BaseByGuestAmts[1]/BaseByGuestAmt[1]'],
    ]);
  });

  it('needs InvTypeCode when the rate plan code names plans of several room types', () => {
    const commands = resolveOtaCommands(rates('<Rate><BaseByGuestAmts><BaseByGuestAmt AmountAfterTax="90"/></BaseByGuestAmts></Rate>', 'RatePlanCode="BAR"'), [
      property,
    ]);
    expect(commands.errors.map((e) => e.code)).toEqual([OTA_ERROR.code.invalidRateCode]);
  });
});

describe('message size in values', () => {
  it(`refuses a message of more than ${OTA_MAX_VALUES} values (dates × updates) once, before expanding them`, () => {
    const message = `<AvailStatusMessage><StatusApplicationControl Start="2027-01-01" End="2028-12-31" InvTypeCode="DBL" RatePlanCode="BAR"/><RestrictionStatus Status="Close"/></AvailStatusMessage>`;
    const count = Math.ceil(OTA_MAX_VALUES / 731) + 1;
    const request = read('OTA_HotelAvailNotifRQ', avail(message.repeat(count)));
    expect(request.errors).toEqual([
      expect.objectContaining({ type: OTA_ERROR.type.protocol, code: OTA_ERROR.code.unableToProcess, text: expect.stringContaining('send it in parts') }),
    ]);
    expect(request.restrictions.length).toBe(count - 2);
    expect(read('OTA_HotelAvailNotifRQ', avail(message.repeat(count - 2))).errors).toEqual([]);
  });
});

describe('ordering by TimeStamp', () => {
  it('applies an equal or newer stamp and refuses an older one', () => {
    const stored = new Date('2027-01-01T10:00:00Z');
    expect(stampAllows(null, stored)).toBe(true);
    expect(stampAllows(stored, new Date('2027-01-01T10:00:00Z'))).toBe(true);
    expect(stampAllows(stored, new Date('2027-01-01T10:00:01Z'))).toBe(true);
    expect(stampAllows(stored, new Date('2027-01-01T09:59:59Z'))).toBe(false);
  });

  it('drops the stale rows and warns once per subject and field', () => {
    const request = read(
      'OTA_HotelAvailNotifRQ',
      avail(
        '<AvailStatusMessage BookingLimit="2"><StatusApplicationControl Start="2027-03-01" End="2027-03-03" InvTypeCode="DBL" RatePlanCode="BAR"/><RestrictionStatus Status="Close"/></AvailStatusMessage>',
      ),
    );
    const commands = resolveOtaCommands(request, [property]);
    const kept = withoutStale(commands, [
      { subjectId: 'rp-dbl-bar', night: '2027-03-01', field: 'stop_sell' },
      { subjectId: 'rp-dbl-bar', night: '2027-03-02', field: 'stop_sell' },
    ]);
    expect(kept.restrictions.map((r) => r.night)).toEqual(['2027-03-03']);
    expect(kept.allotments).toHaveLength(3);
    expect(kept.warnings).toEqual([
      expect.objectContaining({
        code: OTA_ERROR.code.simultaneousUpdates,
        text: expect.stringContaining('stop_sell of DBL/BAR not applied on 2 date(s) (2027-03-01..2027-03-02)'),
      }),
    ]);
  });
});

describe('restriction runs', () => {
  it('writes weekday patterns as one range and gaps as separate ranges', () => {
    const row = (night: string) => ({ ratePlanId: 'rp', night, field: 'stop_sell' as const, value: true as const });
    expect(restrictionRuns(['2027-03-05', '2027-03-06', '2027-03-12', '2027-03-13'].map(row))).toEqual([
      { ratePlanId: 'rp', field: 'stop_sell', value: true, from: '2027-03-05', to: '2027-03-13', daysOfWeek: ['fri', 'sat'] },
    ]);
    expect(restrictionRuns(['2027-03-01', '2027-03-02', '2027-03-05', '2027-03-12'].map(row))).toEqual([
      expect.objectContaining({ from: '2027-03-01', to: '2027-03-02', daysOfWeek: null }),
      expect.objectContaining({ from: '2027-03-05', to: '2027-03-05' }),
      expect.objectContaining({ from: '2027-03-12', to: '2027-03-12' }),
    ]);
  });
});

describe('answers', () => {
  it('echoes EchoToken and Version, with Success and Warnings or with Errors', () => {
    const at = new Date('2027-01-01T10:00:00Z');
    const ok = otaAnswer(
      { name: 'OTA_HotelAvailNotifRS', echoToken: 'a&b', version: '2.001', at },
      { errors: [], warnings: [{ type: 3, code: 447, text: 'older <value>', path: '/' }] },
    );
    expect(ok).toContain(`<OTA_HotelAvailNotifRS xmlns="${NS}" EchoToken="a&amp;b" TimeStamp="2027-01-01T10:00:00.000Z" Version="2.001">`);
    expect(ok).toContain('<Success/>');
    expect(ok).toContain('<Warning Type="3" Code="447" NodeList="/">older &lt;value&gt;</Warning>');
    const bad = otaAnswer(
      { name: 'OTA_HotelAvailNotifRS', echoToken: null, version: 'x"y', at },
      { errors: [{ type: 7, code: 450, text: 't', path: '/' }], warnings: [] },
    );
    expect(bad).not.toContain('Success');
    expect(bad).toContain('Version="1.0"');
    expect(bad).toContain('<Errors>');
  });
});
