/**
 * Port: tells every api process that a delegation issuer was registered or changed status, so
 * what a process keeps in memory about issuers (the public issuer list) is dropped at once rather
 * than at its expiry (docs/identity.md "Caches"). The api implements it over the credential-change
 * pub/sub channel; without it (no Redis) caches simply expire.
 */
export abstract class IssuerChangeNotifier {
  /** Announces a change here and in every other process. */
  abstract issuersChanged(): Promise<void>;
  /** Runs `listener` on every change, made here or announced by another process. */
  abstract onIssuersChanged(listener: () => void): void;
}
