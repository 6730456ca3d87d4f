import { Injectable } from '@nestjs/common';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK } from 'jose';
import type { CryptoKey, JWK } from 'jose';
import { Jwk, NewSigningKey, PublishedSigningKey, SigningKeyPurpose, SigningKeyRepository } from '@hcs/domain';

/** Our tokens are ES256: small signatures, fast to verify, and asymmetric (docs/api-contract.md "Identity, tenancy and scopes"). */
export const SIGNING_ALG = 'ES256';
const ACTIVE_KEY_CACHE_MS = 60_000;

export interface SigningKey {
  kid: string;
  alg: string;
  privateKey: CryptoKey;
}

/** A public JWK as published: the key, its `kid`, `alg` and `use`, nothing private. */
export function publicJwk(key: PublishedSigningKey): JWK {
  const { kty, crv, x, y, n, e } = key.publicJwk as Record<string, string | undefined>;
  return Object.fromEntries(Object.entries({ kty, crv, x, y, n, e, kid: key.kid, alg: key.alg, use: 'sig' }).filter(([, v]) => v !== undefined)) as JWK;
}

/**
 * Asymmetric signing keys kept in Postgres. The first signer creates the key (the database lets
 * exactly one of several racing processes win), rotation retires the current key and adds a new
 * one; retired public keys stay published until tokens they signed have expired.
 */
@Injectable()
export class SigningKeys {
  private readonly active = new Map<SigningKeyPurpose, { key: Promise<SigningKey>; until: number }>();
  /** Bumped by every rotation in this process, so verifiers here reload the public keys at once. */
  private rotations = 0;

  get generation(): number {
    return this.rotations;
  }

  constructor(private readonly repository: SigningKeyRepository) {}

  /** The key that signs now, created on first use. Cached for a minute per process. */
  activeKey(purpose: SigningKeyPurpose): Promise<SigningKey> {
    const cached = this.active.get(purpose);
    if (cached && cached.until > Date.now()) return cached.key;
    const key = this.loadOrCreate(purpose);
    this.active.set(purpose, { key, until: Date.now() + ACTIVE_KEY_CACHE_MS });
    key.catch(() => this.active.delete(purpose));
    return key;
  }

  /** Retires the current key of `purpose` and starts signing with a new one; returns the new kid. */
  async rotate(purpose: SigningKeyPurpose): Promise<string> {
    const key = await generate(purpose);
    await this.repository.rotate(key);
    this.active.delete(purpose);
    this.rotations += 1;
    return key.kid;
  }

  /** Public keys to publish: the active one and those retired less than `retentionSeconds` ago. */
  async published(purpose: SigningKeyPurpose, retentionSeconds: number): Promise<PublishedSigningKey[]> {
    return this.repository.listPublished(purpose, new Date(Date.now() - retentionSeconds * 1000));
  }

  private async loadOrCreate(purpose: SigningKeyPurpose): Promise<SigningKey> {
    let row = await this.repository.findActive(purpose);
    if (!row) {
      await this.repository.insertIfNoneActive(await generate(purpose));
      row = await this.repository.findActive(purpose);
    }
    if (!row) throw new Error(`no active ${purpose} signing key after creating one`);
    return { kid: row.kid, alg: row.alg, privateKey: (await importJWK(row.privateJwk as JWK, row.alg)) as CryptoKey };
  }
}

async function generate(purpose: SigningKeyPurpose): Promise<NewSigningKey> {
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const pub = (await exportJWK(publicKey)) as Jwk;
  const kid = await calculateJwkThumbprint(pub as JWK);
  return { kid, purpose, alg: SIGNING_ALG, publicJwk: pub, privateJwk: (await exportJWK(privateKey)) as Jwk };
}
