import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The master-key scheme for secrets the service must read back (docs/security.md "Keys at rest"):
 * AES-256-GCM under SHA-256 of the master key (`WEBHOOK_SECRET_KEY`), with associated data naming
 * the row (`<table>:<id or kid>`), so a ciphertext copied into another row does not open.
 *
 * `v2.<key id>.<iv>.<tag>.<data>` (base64url): the key id (8 bytes of SHA-256 over the derived
 * key) tells which master key sealed it, so during a rotation the previous key still opens what
 * it sealed. `v1.<iv>.<tag>.<data>` (webhook secrets before associated data) still opens.
 *
 * No Nest here: migrations use it too.
 */

/** Used when `WEBHOOK_SECRET_KEY` is unset outside production (production refuses to start without it). */
export const DEVELOPMENT_MASTER_KEY = 'development-only webhook secret key, never used in production';

export interface MasterKey {
  id: string;
  key: Buffer;
}

export function masterKey(material: string): MasterKey {
  const key = createHash('sha256').update(material, 'utf8').digest();
  return { key, id: createHash('sha256').update('hcs-master-key-id').update(key).digest().subarray(0, 8).toString('base64url') };
}

/** The master key the environment names, as every process and migration reads it. */
export function masterKeyFromEnv(env: NodeJS.ProcessEnv): MasterKey {
  const material = env.WEBHOOK_SECRET_KEY || undefined;
  if (!material && env.NODE_ENV === 'production') throw new Error('WEBHOOK_SECRET_KEY: required with NODE_ENV=production (the master key of secrets at rest)');
  return masterKey(material ?? DEVELOPMENT_MASTER_KEY);
}

export function sealWith(current: MasterKey, plaintext: string, associatedData: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', current.key, iv, { authTagLength: AUTH_TAG_BYTES });
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v2', current.id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/**
 * Opens with whichever of `keys` sealed it; throws on another key, another row or tampering, and
 * on a v1 value when `refuseV1` (once `hcs keys reseal` has sealed every v1 value again).
 */
export function openWith(keys: MasterKey[], sealed: string, associatedData: string, refuseV1 = false): string {
  const parts = sealed.split('.');
  if (parts[0] === 'v1' && parts.length === 4) {
    if (refuseV1) throw new Error('a v1 secret (sealed without associated data) is refused (SECRETS_REFUSE_V1): run hcs keys reseal');
    // v1 carries no key id and no associated data: try each key.
    for (const k of keys) {
      try {
        return decrypt(k.key, parts[1]!, parts[2]!, parts[3]!, null);
      } catch {
        // the next key
      }
    }
    throw new Error('no master key opens this secret');
  }
  if (parts[0] !== 'v2' || parts.length !== 5) throw new Error('not a sealed secret of this service');
  const k = keys.find((x) => x.id === parts[1]);
  if (!k) throw new Error(`sealed under a master key that is not configured (key id ${parts[1]})`);
  return decrypt(k.key, parts[2]!, parts[3]!, parts[4]!, associatedData);
}

/** True when `sealed` is already v2 under `current` (a re-key skips it). */
export function sealedUnder(current: MasterKey, sealed: string): boolean {
  const parts = sealed.split('.');
  return parts[0] === 'v2' && parts[1] === current.id;
}

export function isSealed(value: string): boolean {
  return /^v[12]\./.test(value);
}

/**
 * Every tag this service writes is GCM's full 16 bytes. Opening pins that length: GCM accepts any
 * prefix of a valid tag (down to 4 bytes) unless told otherwise, and a short tag is a forgery
 * guessed in 2^32 tries instead of 2^128.
 */
const AUTH_TAG_BYTES = 16;

function decrypt(key: Buffer, iv: string, tag: string, data: string, associatedData: string | null): string {
  const authTag = Buffer.from(tag, 'base64url');
  if (authTag.length !== AUTH_TAG_BYTES) throw new Error(`sealed secret's auth tag is ${authTag.length} bytes, not ${AUTH_TAG_BYTES}`);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: AUTH_TAG_BYTES });
  if (associatedData !== null) decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(authTag);
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** Associated data naming a row: the table and the row's id or kid. */
export const rowLabel = (table: 'webhook_endpoints' | 'signing_keys' | 'receipt_keys' | 'tenant_receipt_keys' | 'channel_connections', id: string): string =>
  `${table}:${id}`;
