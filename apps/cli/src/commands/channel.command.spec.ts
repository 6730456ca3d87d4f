import { createServer, IncomingMessage, Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootElementName, sendOtaMessage } from './channel.command';

describe('hcs channel send', () => {
  let server: Server;
  let url: string;
  const seen: Array<{ url?: string; authorization?: string; type?: string; body: string }> = [];
  const dir = mkdtempSync(join(tmpdir(), 'hcs-channel-'));

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ url: req.url, authorization: req.headers.authorization, type: req.headers['content-type'], body });
        res.writeHead(200, { 'content-type': 'application/xml' }).end('<OTA_HotelAvailNotifRS><Success/></OTA_HotelAvailNotifRS>');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads the message name from the root element, after the declaration and comments, with or without a prefix', () => {
    expect(rootElementName('<?xml version="1.0"?>\n<!-- a <b> -->\n<OTA_HotelAvailNotifRQ xmlns="x"/>')).toBe('OTA_HotelAvailNotifRQ');
    expect(rootElementName('<ota:OTA_HotelInvCountNotifRQ xmlns:ota="x"/>')).toBe('OTA_HotelInvCountNotifRQ');
    expect(rootElementName('no xml here')).toBeNull();
  });

  it('posts the file as application/xml with HTTP Basic for a channel id, or a bearer without one, and answers the RS', async () => {
    const file = join(dir, 'avail.xml');
    const xml = '<?xml version="1.0"?><OTA_HotelAvailNotifRQ xmlns="http://www.opentravel.org/OTA/2003/05"/>';
    writeFileSync(file, xml);
    const basic = await sendOtaMessage(file, { url, channel: 'c-1', secret: 's3cret' });
    expect(basic).toEqual({ status: 200, message: 'OTA_HotelAvailNotifRQ', body: '<OTA_HotelAvailNotifRS><Success/></OTA_HotelAvailNotifRS>' });
    await sendOtaMessage(file, { url, secret: 's3cret', message: 'OTA_HotelRateAmountNotifRQ' });
    expect(seen).toEqual([
      { url: '/ota/v1/OTA_HotelAvailNotifRQ', authorization: `Basic ${Buffer.from('c-1:s3cret').toString('base64')}`, type: 'application/xml', body: xml },
      { url: '/ota/v1/OTA_HotelRateAmountNotifRQ', authorization: 'Bearer s3cret', type: 'application/xml', body: xml },
    ]);
  });
});
