import { Global, Module } from '@nestjs/common';
import { IdentityChangePublisher } from '@hcs/auth';
import { CredentialChangeNotifier, IssuerChangeNotifier } from '@hcs/domain';

/**
 * Operator commands that change identities (platform issuers, admin keys) announce the change to
 * the running api processes, which drop their caches at once (docs/identity.md "Caches").
 */
@Global()
@Module({
  providers: [
    IdentityChangePublisher,
    { provide: CredentialChangeNotifier, useExisting: IdentityChangePublisher },
    { provide: IssuerChangeNotifier, useExisting: IdentityChangePublisher },
  ],
  exports: [CredentialChangeNotifier, IssuerChangeNotifier],
})
export class IdentityChangesModule {}
