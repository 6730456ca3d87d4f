import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { OAuthError } from '@hcs/auth';
import { AppConfig } from '@hcs/platform';

/**
 * Renders token endpoint failures in RFC 6749's flat shape `{error, error_description}`, outside
 * the error envelope. Scoped to the OAuth controllers; anything else still reaches the global filter.
 */
@Catch(OAuthError)
export class OAuthErrorFilter implements ExceptionFilter {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly config: AppConfig,
  ) {}

  catch(error: OAuthError, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse();
    const adapter = this.adapterHost.httpAdapter;
    adapter.setHeader(response, 'Cache-Control', 'no-store');
    adapter.setHeader(response, 'Pragma', 'no-cache');
    if (error.status === 401 && error.basicChallenge)
      adapter.setHeader(response, 'WWW-Authenticate', `Basic realm="${this.config.serviceName}", charset="UTF-8"`);
    adapter.reply(response, error.body, error.status);
  }
}
