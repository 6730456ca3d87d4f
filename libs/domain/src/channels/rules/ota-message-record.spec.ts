import { keptOtaAnswer, OTA_ANSWER_KEPT_CHARS, OTA_REQUEST_EXCERPT_CHARS, otaRequestExcerpt } from './ota-message-record';

describe('otaRequestExcerpt', () => {
  it('keeps the start of the request', () => {
    const body = `<OTA_HotelAvailNotifRQ EchoToken="e1">${'x'.repeat(5000)}</OTA_HotelAvailNotifRQ>`;
    const excerpt = otaRequestExcerpt(body);
    expect(excerpt).toHaveLength(OTA_REQUEST_EXCERPT_CHARS);
    expect(body.startsWith(excerpt)).toBe(true);
    expect(otaRequestExcerpt('<a/>')).toBe('<a/>');
  });

  it('masks password attributes and elements, whatever their case or quotes', () => {
    const body =
      `<OTA_HotelAvailNotifRQ><POS><Source><RequestorID ID="cm" MessagePassword="s3cret"/>` +
      `<Other messagepassword='t0p' Type="1"/><ota:Password kind="x">hunter2</ota:Password></Source></POS></OTA_HotelAvailNotifRQ>`;
    const excerpt = otaRequestExcerpt(body);
    expect(excerpt).not.toMatch(/s3cret|t0p|hunter2/);
    expect(excerpt).toContain('MessagePassword="***"');
    expect(excerpt).toContain(`messagepassword='***' Type="1"`);
    expect(excerpt).toContain('<ota:Password kind="x">***</ota:Password>');
    expect(excerpt).toContain('RequestorID ID="cm"');
  });

  it('masks a password value the excerpt cuts in the middle', () => {
    const head = `<RequestorID MessagePassword="`;
    const body = head + 'p'.repeat(OTA_REQUEST_EXCERPT_CHARS);
    const excerpt = otaRequestExcerpt(body);
    expect(excerpt).toBe(`${head}***"`);
  });
});

describe('keptOtaAnswer', () => {
  it('keeps an RS whole up to the limit and cuts a longer one', () => {
    expect(keptOtaAnswer('<RS/>')).toEqual({ answer: '<RS/>', truncated: false });
    const long = 'e'.repeat(OTA_ANSWER_KEPT_CHARS + 1);
    expect(keptOtaAnswer(long)).toEqual({ answer: long.slice(0, OTA_ANSWER_KEPT_CHARS), truncated: true });
  });
});
