import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsString, IsUUID, Length } from 'class-validator';

export class CreateChannelRequestDto {
  @ApiProperty({ minLength: 1, maxLength: 200, example: 'SiteMinder' })
  @IsString()
  @Length(1, 200)
  name: string;

  @ApiProperty({ type: [String], format: 'uuid', minItems: 1, maxItems: 500, description: 'The properties the channel may update.' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  property_ids: string[];
}
