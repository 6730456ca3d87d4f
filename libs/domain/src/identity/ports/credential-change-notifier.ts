/**
 * Port: tells every api process that a principal's credentials changed (revoked, disabled,
 * scopes narrowed), so cached credential lookups are dropped at once instead of at their expiry.
 */
export abstract class CredentialChangeNotifier {
  abstract principalChanged(tenantId: string, principalId: string): Promise<void>;
}
