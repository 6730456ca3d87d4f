import { hashSecret } from '@hcs/domain';

/**
 * A secret as one request presents it (an API key, a client_secret): its SHA-256 digest is worked
 * out once, the first time a check needs it, and shared by the checks of that request (the
 * address rule's recognition, the lookup, the note that it authenticated), so none hashes it again
 * (docs/performance.md, "Caches").
 */
export class PresentedSecret {
  private digestOf: string | undefined;

  constructor(readonly value: string) {}

  get digest(): string {
    return (this.digestOf ??= hashSecret(this.value));
  }
}

/** `secret` as a `PresentedSecret`, wrapping a plain string. */
export const presented = (secret: string | PresentedSecret): PresentedSecret => (typeof secret === 'string' ? new PresentedSecret(secret) : secret);
