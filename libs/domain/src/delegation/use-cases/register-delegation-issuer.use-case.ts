import { Injectable, Optional } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { AppConfig } from '@hcs/platform';
import { validationFailed } from '../../errors/domain-error';
import { requireKind } from '../../identity/rules/access';
import type { Caller } from '../../identity/principal';
import { DelegationIssuerView, delegationIssuerView } from '../delegation-issuer.view';
import { issuerNextActions } from '../next-actions';
import { DelegationIssuerRepository, JwkSet } from '../ports/delegation-issuer.repository';
import { IssuerChangeNotifier } from '../ports/issuer-change-notifier';
import { issuerKeysProblems } from '../rules/issuer-rules';

export interface RegisterIssuerCommand {
  iss: string;
  name: string;
  jwksUrl?: string | null;
  jwks?: JwkSet | null;
  allowedAudiences: string[];
}

/** Validates an issuer registration (shared by the tenant route and the platform CLI). */
export function checkIssuerCommand(command: RegisterIssuerCommand, allowPrivate: boolean): void {
  const problems = issuerKeysProblems({ jwksUrl: command.jwksUrl, jwks: command.jwks }, allowPrivate);
  if (problems.length > 0) throw validationFailed(problems);
}

/** A tenant admin trusts an issuer of traveler delegations for the tenant's own requests. */
@Injectable()
export class RegisterDelegationIssuer {
  constructor(
    private readonly issuers: DelegationIssuerRepository,
    private readonly config: AppConfig,
    @Optional() private readonly changes?: IssuerChangeNotifier,
  ) {}

  async execute(command: RegisterIssuerCommand, caller: Caller): Promise<Outcome<DelegationIssuerView>> {
    requireKind(caller, 'admin');
    checkIssuerCommand(command, this.config.webhookAllowPrivate);
    // A tenant issuer would take precedence over the platform's for this `iss`: whoever holds its
    // key could then speak for the platform issuer's travelers in this tenant (docs/identity.md).
    if (await this.issuers.findPlatformByIss(command.iss)) {
      throw validationFailed([{ path: 'iss', message: 'is the iss of a platform issuer; a tenant issuer needs an iss of its own' }]);
    }
    const created = await this.issuers.create({
      tenantId: caller.tenantId,
      iss: command.iss,
      name: command.name,
      jwksUrl: command.jwksUrl ?? null,
      jwks: command.jwks ?? null,
      allowedAudiences: [...new Set(command.allowedAudiences)],
    });
    if (!created) throw validationFailed([{ path: 'iss', message: 'an issuer with this iss is already registered for this tenant' }]);
    await this.changes?.issuersChanged();
    return new Outcome(delegationIssuerView(created), { next_actions: [issuerNextActions.get(created.id)] });
  }
}
