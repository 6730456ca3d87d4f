import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { Command } from 'commander';

export interface ChannelSendOptions {
  /** Base address of the api, e.g. `http://localhost:3000`. */
  url: string;
  /** The channel id: with `secret`, sent as HTTP Basic; without it, the secret alone is a bearer. */
  channel?: string;
  secret: string;
  /** The message name; read from the document's root element when absent. */
  message?: string;
}

export interface ChannelSendResult {
  status: number;
  message: string;
  body: string;
}

/** The root element's local name of an XML document (after the declaration and comments), or null. */
export function rootElementName(xml: string): string | null {
  const body = xml.replace(/^\uFEFF/, '').replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, '');
  const match = /<\s*(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/.exec(body);
  return match ? match[1] : null;
}

/**
 * Posts an OpenTravel message file to `POST {url}/ota/v1/{message}` with the channel's credential
 * (docs/channels.md "Sending a message from the command line") and answers the RS as received.
 */
export async function sendOtaMessage(file: string, options: ChannelSendOptions): Promise<ChannelSendResult> {
  const xml = await readFile(file, 'utf8');
  const message = options.message ?? rootElementName(xml);
  if (!message) throw new Error(`${basename(file)} has no root element to name the message; pass --message`);
  const authorization = options.channel ? `Basic ${Buffer.from(`${options.channel}:${options.secret}`).toString('base64')}` : `Bearer ${options.secret}`;
  const res = await fetch(`${options.url.replace(/\/$/, '')}/ota/v1/${encodeURIComponent(message)}`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/xml' },
    body: xml,
  });
  return { status: res.status, message, body: await res.text() };
}

export function registerChannel(program: Command): void {
  const channel = program.command('channel').description('channel managers: OpenTravel ARI messages in (docs/channels.md)');
  channel
    .command('send')
    .description('POST an OpenTravel message file (OTA_HotelAvailNotifRQ, OTA_HotelRateAmountNotifRQ, OTA_HotelInvCountNotifRQ) and print the RS')
    .argument('<file>', 'the XML message')
    .option('--url <url>', 'base address of the api (default HCS_URL, else http://localhost:$PORT)')
    .option('--channel <id>', 'the channel id, for HTTP Basic (default HCS_CHANNEL_ID)')
    .option('--secret <secret>', 'the channel secret (default HCS_CHANNEL_SECRET)')
    .option('--message <name>', 'the message name (default: the root element of the file)')
    .action(async (file: string, options: { url?: string; channel?: string; secret?: string; message?: string }) => {
      const secret = options.secret ?? process.env.HCS_CHANNEL_SECRET;
      if (!secret) throw new Error('pass --secret or set HCS_CHANNEL_SECRET (the secret shown when the channel was created or rotated)');
      const result = await sendOtaMessage(file, {
        url: options.url ?? process.env.HCS_URL ?? `http://localhost:${process.env.PORT ?? '3000'}`,
        channel: options.channel ?? process.env.HCS_CHANNEL_ID,
        secret,
        message: options.message,
      });
      process.stdout.write(result.body.endsWith('\n') ? result.body : `${result.body}\n`);
      // An RS with Errors is still HTTP 200; a refusal before the message (401, 404, 413, 415) is not.
      if (result.status !== 200 || result.body.includes('<Errors>')) process.exitCode = 1;
    });
}
