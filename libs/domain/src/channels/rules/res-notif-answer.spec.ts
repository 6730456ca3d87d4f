import { describeAnswer, readResNotifAnswer } from './res-notif-answer';

const NS = 'xmlns="http://www.opentravel.org/OTA/2003/05"';

describe('readResNotifAnswer (docs/channels-out.md "Acknowledgement")', () => {
  it('acknowledges a Success and keeps the first HotelReservationID ResID_Value', () => {
    const rs = `<?xml version="1.0"?><OTA_HotelResNotifRS ${NS} Version="1.0"><Success/><HotelReservations><HotelReservation>
      <ResGlobalInfo><HotelReservationIDs><HotelReservationID ResID_Type="10" ResID_Value="PMS-4711"/>
      <HotelReservationID ResID_Type="14" ResID_Value="other"/></HotelReservationIDs></ResGlobalInfo></HotelReservation></HotelReservations></OTA_HotelResNotifRS>`;
    expect(readResNotifAnswer(rs)).toEqual({ kind: 'acknowledged', confirmationId: 'PMS-4711' });
  });

  it('acknowledges a bare Success without a confirmation number', () => {
    expect(readResNotifAnswer(`<OTA_HotelResNotifRS ${NS}><Success/></OTA_HotelResNotifRS>`)).toEqual({ kind: 'acknowledged', confirmationId: null });
  });

  it('reads Errors with their Type and Code, never their text', () => {
    const rs = `<OTA_HotelResNotifRS ${NS}><Errors><Error Type="3" Code="392">Invalid hotel code</Error><Error Type="12"/></Errors></OTA_HotelResNotifRS>`;
    const answer = readResNotifAnswer(rs);
    expect(answer).toEqual({
      kind: 'errors',
      errors: [
        { type: '3', code: '392' },
        { type: '12', code: null },
      ],
    });
    expect(describeAnswer(answer as Exclude<typeof answer, { kind: 'acknowledged' }>)).toBe('OTA_HotelResNotifRS Errors 3/392 12/?');
  });

  it('counts Errors beside a Success as errors', () => {
    expect(readResNotifAnswer(`<OTA_HotelResNotifRS ${NS}><Success/><Errors><Error Type="1" Code="2"/></Errors></OTA_HotelResNotifRS>`).kind).toBe('errors');
  });

  it('refuses a DOCTYPE without expanding its entities', () => {
    const rs = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x "PMS-1">]><OTA_HotelResNotifRS ${NS}><Success/><HotelReservationID ResID_Value="&x;"/></OTA_HotelResNotifRS>`;
    expect(readResNotifAnswer(rs)).toEqual({ kind: 'unreadable', reason: 'a DOCTYPE is refused' });
  });

  it('calls garbage, JSON, another message and an answer with neither Success nor Errors unreadable', () => {
    expect(readResNotifAnswer('')).toEqual({ kind: 'unreadable', reason: 'not well-formed XML' });
    expect(readResNotifAnswer('{"ok":true}').kind).toBe('unreadable');
    expect(readResNotifAnswer('<OTA_HotelResNotifRS><Success/>')).toEqual({ kind: 'unreadable', reason: 'not well-formed XML' });
    expect(readResNotifAnswer(`<OTA_HotelAvailNotifRS ${NS}><Success/></OTA_HotelAvailNotifRS>`)).toEqual({
      kind: 'unreadable',
      reason: 'not an OTA_HotelResNotifRS',
    });
    expect(readResNotifAnswer(`<OTA_HotelResNotifRS ${NS}/>`)).toEqual({ kind: 'unreadable', reason: 'neither Success nor Errors' });
    expect(describeAnswer({ kind: 'unreadable', reason: 'not XML' })).toBe('unreadable OTA_HotelResNotifRS: not XML');
  });
});
