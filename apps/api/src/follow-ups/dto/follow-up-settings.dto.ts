import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/** Checked by the use case (`parseFollowUpSettings`), which lists every failing field at once. */
export class PutFollowUpSettingsRequestDto {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 100, description: "Display name of the sender; null or absent: the tenant's name." })
  @Allow()
  sender_name?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, format: 'email', description: 'Reply-To of the mails; null or absent: none.' })
  @Allow()
  reply_to?: string | null;

  @ApiPropertyOptional({
    type: [String],
    maxItems: 20,
    description: "The tenant's own domains: messages may carry https links (and addresses) on them and their subdomains; absent: none.",
  })
  @Allow()
  link_domains?: string[];
}

export class FollowUpSettingsModel {
  @ApiProperty({ type: String, nullable: true }) sender_name: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'email' }) reply_to: string | null;
  @ApiProperty({ type: [String] }) link_domains: string[];
  @ApiProperty({ description: 'The From header the tenant mails carry, e.g. "Hotel Mar" <no-reply@example.com>.' }) from: string;
}
