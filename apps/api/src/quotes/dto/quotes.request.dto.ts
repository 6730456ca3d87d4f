import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsUUID, ValidateNested } from 'class-validator';
import { GuestsRequestDto, StayRequestDto } from '../../chain-dto/chain.request-parts.dto';

export class CreateQuoteRequestDto {
  @ApiProperty({ format: 'uuid', description: 'The property id.' })
  @IsUUID('all')
  hotel_id: string;

  @ApiProperty({ format: 'uuid' })
  @IsUUID('all')
  room_type_id: string;

  @ApiProperty({ format: 'uuid' })
  @IsUUID('all')
  rate_plan_id: string;

  @ApiProperty({ type: StayRequestDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => StayRequestDto)
  stay: StayRequestDto;

  @ApiProperty({ type: GuestsRequestDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => GuestsRequestDto)
  guests: GuestsRequestDto;
}
