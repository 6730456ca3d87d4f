import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { MasterKey, masterKey, openWith, sealedUnder, sealWith } from './master-key';

/**
 * Secrets the service must read back, sealed under the master key with associated data naming
 * their row (docs/security.md "Keys at rest"; the scheme: `master-key.ts`): webhook signing
 * secrets, the token-signing private keys, the receipt HMAC keys. `WEBHOOK_SECRET_KEY` seals;
 * `WEBHOOK_SECRET_KEY_PREVIOUS`, during a rotation, still opens what it sealed.
 */
@Injectable()
export class SecretBox {
  private readonly current: MasterKey;
  private readonly keys: MasterKey[];
  private readonly refuseV1: boolean;

  constructor(config: AppConfig) {
    this.current = masterKey(config.webhookSecretKey);
    this.keys = [this.current, ...(config.webhookSecretKeyPrevious ? [masterKey(config.webhookSecretKeyPrevious)] : [])];
    this.refuseV1 = config.secretsRefuseV1;
  }

  /** `row` names the row the secret belongs to (`rowLabel(table, id)`). */
  seal(plaintext: string, row: string): string {
    return sealWith(this.current, plaintext, row);
  }

  /** Refuses a v1 value under SECRETS_REFUSE_V1. */
  open(sealed: string, row: string): string {
    return openWith(this.keys, sealed, row, this.refuseV1);
  }

  /** Opens a v1 value too: only to seal it again (`hcs keys reseal`, `hcs keys rotate-master`). */
  openToReseal(sealed: string, row: string): string {
    return openWith(this.keys, sealed, row);
  }

  /** False when the secret should be sealed again under the current master key (a rotation). */
  isCurrent(sealed: string): boolean {
    return sealedUnder(this.current, sealed);
  }
}
