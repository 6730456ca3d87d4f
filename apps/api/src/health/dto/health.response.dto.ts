import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class HealthModel {
  @ApiProperty({ example: 'ok' }) status: string;
  @ApiProperty({ example: 'hospitality-commerce-service' }) service: string;
  @ApiProperty({ format: 'date-time' }) timestamp: string;
}

export class DependencyStateModel {
  @ApiProperty({ enum: ['ok', 'degraded', 'down'] }) state: string;
  @ApiPropertyOptional({ description: 'Live workers (queues only). Nothing else is shown: error text is logged, not served.' }) live_workers?: number;
}

export class ReadinessModel {
  @ApiProperty({ enum: ['ok', 'degraded', 'down'] }) status: string;
  @ApiProperty({ example: 'hospitality-commerce-service' }) service: string;
  @ApiProperty({ format: 'date-time' }) timestamp: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/DependencyStateModel' },
    description: 'postgres, redis and queues; any `down` makes the answer 503.',
  })
  dependencies: Record<string, DependencyStateModel>;
}
