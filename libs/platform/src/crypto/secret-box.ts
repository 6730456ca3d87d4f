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

  constructor(config: AppConfig) {
    this.current = masterKey(config.webhookSecretKey);
    this.keys = [this.current, ...(config.webhookSecretKeyPrevious ? [masterKey(config.webhookSecretKeyPrevious)] : [])];
  }

  /** `row` names the row the secret belongs to (`rowLabel(table, id)`). */
  seal(plaintext: string, row: string): string {
    return sealWith(this.current, plaintext, row);
  }

  open(sealed: string, row: string): string {
    return openWith(this.keys, sealed, row);
  }

  /** False when the secret should be sealed again under the current master key (a rotation). */
  isCurrent(sealed: string): boolean {
    return sealedUnder(this.current, sealed);
  }
}
