import { Injectable, Optional } from '@nestjs/common';
import { AppConfig } from '@hcs/platform';
import { validationFailed } from '../../errors/domain-error';
import { DelegationIssuer, DelegationIssuerRepository } from '../ports/delegation-issuer.repository';
import { IssuerChangeNotifier } from '../ports/issuer-change-notifier';
import { checkIssuerCommand, RegisterIssuerCommand } from './register-delegation-issuer.use-case';

/** The operator trusts an issuer for every tenant (operator CLI only: no HTTP route does this). */
@Injectable()
export class RegisterPlatformIssuer {
  constructor(
    private readonly issuers: DelegationIssuerRepository,
    private readonly config: AppConfig,
    @Optional() private readonly changes?: IssuerChangeNotifier,
  ) {}

  async execute(command: RegisterIssuerCommand): Promise<DelegationIssuer> {
    checkIssuerCommand(command, this.config.webhookAllowPrivate);
    const created = await this.issuers.create({
      tenantId: null,
      iss: command.iss,
      name: command.name,
      jwksUrl: command.jwksUrl ?? null,
      jwks: command.jwks ?? null,
      allowedAudiences: [...new Set(command.allowedAudiences)],
    });
    if (!created) throw validationFailed([{ path: 'iss', message: 'a platform issuer with this iss is already registered' }]);
    await this.changes?.issuersChanged();
    return created;
  }
}
