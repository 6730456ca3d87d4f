import { ApiProperty } from '@nestjs/swagger';
import { MoneyModel } from '../../http/openapi/envelope.models';
import { GuestsDto, StayDto } from './search.request.dto';

export class BestOfferModel {
  @ApiProperty({ format: 'uuid' }) room_type_id: string;
  @ApiProperty({ format: 'uuid' }) rate_plan_id: string;
  @ApiProperty({ type: MoneyModel, description: 'Average of the nightly rates of the stay for the party searched, minor units.' })
  price_per_night: MoneyModel;
  @ApiProperty({
    type: MoneyModel,
    description: 'The whole stay for the party with every tax and fee not included in the rate, paid online or at the property; results rank on it.',
  })
  total: MoneyModel;
}

export class SearchResultModel {
  @ApiProperty({ format: 'uuid' }) hotel_id: string;
  @ApiProperty() name: string;
  @ApiProperty({ minimum: 0, maximum: 1 }) rank_score: number;
  @ApiProperty({ type: [String], description: 'Why it matched and why it ranks where it does.' }) explanation: string[];
  @ApiProperty({ type: BestOfferModel }) best_offer: BestOfferModel;
}

export class SearchResultsModel {
  @ApiProperty({ type: [SearchResultModel], maxItems: 20 }) results: SearchResultModel[];
  @ApiProperty({ type: StayDto }) stay: StayDto;
  @ApiProperty({ type: 'integer' }) nights: number;
  @ApiProperty({ type: GuestsDto }) guests: GuestsDto;
}
