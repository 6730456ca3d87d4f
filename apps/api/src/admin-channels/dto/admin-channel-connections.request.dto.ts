import { ApiProperty } from '@nestjs/swagger';
import { IsObject, IsString, Length } from 'class-validator';

/** `auth`: checked by the use case with `property_id` and `url`, every problem at once (`channelAuthInput`). */
export class ChannelAuthRequestDto {
  @ApiProperty({ enum: ['basic', 'bearer'] }) type: string;
  @ApiProperty({ required: false, description: 'basic: the user name (no colon).' }) username?: string;
  @ApiProperty({ required: false, description: 'basic: the password; stored sealed and never read back.' }) password?: string;
  @ApiProperty({ required: false, description: 'bearer: the token; stored sealed and never read back.' }) token?: string;
}

export class CreateChannelConnectionRequestDto {
  @ApiProperty({ format: 'uuid', description: 'The property whose reservations the channel manager receives.' })
  @IsString()
  property_id: string;

  @ApiProperty({ example: 'https://cm.example.com/ota/reservations', description: 'https to a public host, as webhooks (docs/events.md "Receiver safety").' })
  @IsString()
  @Length(1, 2048)
  url: string;

  @ApiProperty({ type: ChannelAuthRequestDto, description: '{type: basic, username, password} or {type: bearer, token}.' })
  @IsObject()
  auth: ChannelAuthRequestDto;
}
