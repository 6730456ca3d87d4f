import { Body, Controller, Get, HttpCode, Module, Param, Post } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsArray, IsDefined, IsInt, IsOptional, IsString, Matches, Max, Min, ValidateNested } from 'class-validator';
import { ErrorCode, Outcome } from '@hcs/contracts';
import { DomainError } from '@hcs/domain';
import { Public } from '@hcs/auth';

class ProbeChild {
  @IsInt() @Min(0) @Max(17) age: number;
}
class ProbeGuests {
  @IsInt() @Min(1) @Max(20) adults: number;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => ProbeChild) children?: ProbeChild[];
}
class ProbeStay {
  @Matches(/^\d{4}-\d{2}-\d{2}$/) check_in: string;
  @Matches(/^\d{4}-\d{2}-\d{2}$/) check_out: string;
}
class ProbeBody {
  @IsDefined() @ValidateNested() @Type(() => ProbeStay) stay: ProbeStay;
  @IsDefined() @ValidateNested() @Type(() => ProbeGuests) guests: ProbeGuests;
  @IsOptional() @IsString() note?: string;
}

/** Test-only routes that drive the global pipeline: validation, every error code, crashes. */
@Public()
@Controller('__probe')
class ProbeController {
  @Post('validate')
  @HttpCode(200)
  validate(@Body() body: ProbeBody): Outcome {
    return new Outcome(body, { next_actions: [{ rel: 'search', method: 'POST', href: '/v1/search' }] });
  }

  @Get('fail/:code')
  fail(@Param('code') code: string): never {
    throw new DomainError(code as ErrorCode, { detail: { probe: true }, retryAfter: code === 'rate_limited' ? 7 : null });
  }

  @Get('crash')
  crash(): never {
    throw new Error('connection string postgres://secret@db leaked');
  }

  @Get('plain')
  plain(): unknown {
    return { not: 'an outcome' };
  }
}

@Module({ controllers: [ProbeController] })
export class ProbeModule {}
