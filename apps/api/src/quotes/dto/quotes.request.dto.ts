import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsDefined, IsUUID, ValidateNested } from 'class-validator';
import { MAX_ROOMS_PER_QUOTE } from '@hcs/domain';
import { GuestsRequestDto, StayRequestDto } from '../../chain-dto/chain.request-parts.dto';
import { ExactlyOneOf } from '../../http/exactly-one-of.validator';

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

  @ApiPropertyOptional({ type: GuestsRequestDto, description: 'The party of one room. Send exactly one of guests and rooms.' })
  @ExactlyOneOf('rooms')
  @ValidateNested()
  @Type(() => GuestsRequestDto)
  guests?: GuestsRequestDto;

  @ApiPropertyOptional({
    type: [GuestsRequestDto],
    minItems: 1,
    maxItems: MAX_ROOMS_PER_QUOTE,
    description:
      'Several rooms of this room type and rate plan, each with its party (each within the room type occupancy). Send exactly one of guests and rooms; the price breakdown then lists each room in rooms.',
  })
  @ExactlyOneOf('guests')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_ROOMS_PER_QUOTE)
  @ValidateNested({ each: true })
  @Type(() => GuestsRequestDto)
  rooms?: GuestsRequestDto[];
}
