import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { AppConfig } from '@hcs/platform';
import { Public, SkipRateLimit } from '@hcs/auth';
import { ReadinessService } from './readiness.service';

@ApiTags('health')
@Public()
@SkipRateLimit()
@Controller()
export class HealthController {
  constructor(
    private readonly readiness: ReadinessService,
    private readonly config: AppConfig,
  ) {}

  @Get('healthz')
  @ApiOperation({ summary: 'Liveness: the process answers. Checks no dependency.' })
  healthz(): Outcome {
    return new Outcome({ status: 'ok', service: this.config.serviceName, timestamp: new Date().toISOString() });
  }

  @Get('readyz')
  @ApiOperation({ summary: 'Readiness: Postgres, Redis and the queues; 503 when one is down.' })
  async readyz(): Promise<Outcome> {
    const report = await this.readiness.check();
    return new Outcome(report, { status: report.status === 'down' ? 503 : 200 });
  }
}
