/** What a signing key signs: our OAuth access tokens, or delegations of the dev-only demo issuer. */
export const SIGNING_KEY_PURPOSES = ['oauth_access_token', 'demo_delegation'] as const;
export type SigningKeyPurpose = (typeof SIGNING_KEY_PURPOSES)[number];

export type Jwk = Record<string, unknown>;

export interface NewSigningKey {
  kid: string;
  purpose: SigningKeyPurpose;
  alg: string;
  publicJwk: Jwk;
  privateJwk: Jwk;
}

/** A public key as published in a JWK set; the private half never leaves the signer. */
export interface PublishedSigningKey {
  kid: string;
  alg: string;
  publicJwk: Jwk;
  createdAt: Date;
  retiredAt: Date | null;
}

export interface ActiveSigningKey extends PublishedSigningKey {
  privateJwk: Jwk;
}

/**
 * Port: asymmetric signing keys in Postgres. At most one active (not retired) key per purpose,
 * enforced by the database, so processes that start together cannot create two.
 */
export abstract class SigningKeyRepository {
  /** The key that signs now, with its private half. Only signers call this. */
  abstract findActive(purpose: SigningKeyPurpose): Promise<ActiveSigningKey | null>;
  /** Inserts the key unless an active key of that purpose exists (then does nothing). */
  abstract insertIfNoneActive(key: NewSigningKey): Promise<void>;
  /** Retires the active key and makes `key` the active one, in one transaction. */
  abstract rotate(key: NewSigningKey): Promise<void>;
  /** Keys to publish: the active one and those retired after `retiredAfter`, newest first. */
  abstract listPublished(purpose: SigningKeyPurpose, retiredAfter: Date): Promise<PublishedSigningKey[]>;
}
