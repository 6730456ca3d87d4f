import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsObject, IsOptional, IsString, Length } from 'class-validator';
import { ISSUER_STATUSES, type IssuerStatus, type JwkSet } from '@hcs/domain';

export class RegisterDelegationIssuerRequestDto {
  @ApiProperty({ description: 'The `iss` claim of the delegation JWTs.', example: 'https://id.example.com' })
  @IsString()
  @Length(1, 500)
  iss: string;

  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Example identity provider' })
  @IsString()
  @Length(1, 200)
  name: string;

  @ApiPropertyOptional({ description: 'Where the issuer publishes its JWK set (https; exactly one of jwks_url and jwks).' })
  @IsOptional()
  @IsString()
  @Length(1, 2000)
  jwks_url?: string;

  @ApiPropertyOptional({
    description: 'An inline JWK set of public RS256/ES256 keys (exactly one of jwks_url and jwks).',
    type: 'object',
    additionalProperties: true,
  })
  @IsOptional()
  @IsObject()
  jwks?: JwkSet;

  @ApiProperty({ type: [String], description: 'Audiences the issuer is trusted for; must include the platform audience for its delegations to be accepted.' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @Length(1, 500, { each: true })
  allowed_audiences: string[];
}

export class UpdateDelegationIssuerRequestDto {
  @ApiProperty({ enum: ISSUER_STATUSES, description: 'suspended: delegations are refused until reactivated; revoked: final.' })
  @IsIn(ISSUER_STATUSES)
  status: IssuerStatus;
}
