import { Controller, Get } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { AppConfig } from '@hcs/platform';
import { Public, SkipRateLimit } from '@hcs/auth';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { DependencyStateModel, HealthModel, ReadinessModel } from './dto/health.response.dto';
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
  @ApiOperation({
    summary: 'Liveness: the process answers. Checks no dependency.',
    description: 'For liveness probes: 200 while the process serves requests. It checks no dependency; /readyz does.',
  })
  @ApiEnvelope(HealthModel, { description: 'The process is alive.' })
  healthz(): Outcome {
    return new Outcome({ status: 'ok', service: this.config.serviceName, timestamp: new Date().toISOString() });
  }

  @Get('readyz')
  @ApiOperation({
    summary: 'Readiness: Postgres, Redis and the queues; 503 when one is down.',
    description:
      'For readiness probes: the state of each dependency. 200 when ready (`ok`) or working without a live worker (`degraded`); 503 with the same body (`down`) when a dependency is down.',
  })
  @ApiExtraModels(DependencyStateModel)
  @ApiEnvelope(ReadinessModel, { description: 'Ready (`ok`) or working without a live worker (`degraded`).' })
  @ApiEnvelope(ReadinessModel, { status: 503, description: 'A dependency is down: the same readiness body, `status: down`.' })
  async readyz(): Promise<Outcome> {
    const report = await this.readiness.check();
    return new Outcome(report, { status: report.status === 'down' ? 503 : 200 });
  }
}
