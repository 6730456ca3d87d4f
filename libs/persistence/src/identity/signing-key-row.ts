import type { Jwk, PublishedSigningKey, SigningKeyPurpose } from '@hcs/domain';
import { statement } from '../sql/statement';

/**
 * The columns, row types and statements of `signing_keys`. The private JWK is stored sealed under
 * the master key with the row as associated data (docs/security.md "Keys at rest") and is selected
 * only by `activeSigningKey`, for the signer; published keys never carry it.
 */
const PUBLISHED_COLUMNS = `kid, alg, public_jwk, created_at, retired_at`;

export interface PublishedSigningKeyRow {
  kid: string;
  alg: string;
  public_jwk: Jwk;
  created_at: Date;
  retired_at: Date | null;
}

export interface ActiveSigningKeyRow extends PublishedSigningKeyRow {
  private_jwk_sealed: string;
}

export const activeSigningKey = statement<[purpose: SigningKeyPurpose], ActiveSigningKeyRow>(
  `SELECT ${PUBLISHED_COLUMNS}, private_jwk_sealed FROM signing_keys WHERE purpose = $1 AND retired_at IS NULL`,
);

/** Keys still to publish: the active one and those retired after `retiredAfter`, newest first. */
export const publishedSigningKeys = statement<[purpose: SigningKeyPurpose, retiredAfter: Date], PublishedSigningKeyRow>(
  `SELECT ${PUBLISHED_COLUMNS} FROM signing_keys WHERE purpose = $1 AND (retired_at IS NULL OR retired_at > $2) ORDER BY created_at DESC`,
);

type NewKeyParams = [kid: string, purpose: SigningKeyPurpose, alg: string, publicJwk: string, privateJwkSealed: string];

/** The partial unique index (one unretired key per purpose) settles races between processes. */
export const insertSigningKeyIfNoneActive = statement<NewKeyParams, { kid: string }>(
  `INSERT INTO signing_keys (kid, purpose, alg, public_jwk, private_jwk_sealed) VALUES ($1, $2, $3, $4, $5)
   ON CONFLICT (purpose) WHERE retired_at IS NULL DO NOTHING
   RETURNING kid`,
);

export const retireActiveSigningKey = statement<[purpose: SigningKeyPurpose], { kid: string }>(
  `UPDATE signing_keys SET retired_at = now() WHERE purpose = $1 AND retired_at IS NULL RETURNING kid`,
);

export const insertSigningKey = statement<NewKeyParams, { kid: string }>(
  `INSERT INTO signing_keys (kid, purpose, alg, public_jwk, private_jwk_sealed) VALUES ($1, $2, $3, $4, $5) RETURNING kid`,
);

export const toPublishedSigningKey = (row: PublishedSigningKeyRow): PublishedSigningKey => ({
  kid: row.kid,
  alg: row.alg,
  publicJwk: row.public_jwk,
  createdAt: row.created_at,
  retiredAt: row.retired_at,
});
