import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { validationFailed } from '@hcs/domain';

/** 1 to 999 without a sign or leading zero: the shape of a room number; whether the booking has it is the use case's answer. */
const ROOM_NUMBER = /^[1-9]\d{0,2}$/;

/** A booking's room in a path (`/rooms/{room}`): a positive integer, else `validation_failed` on that parameter. */
@Injectable()
export class RoomNumberParamPipe implements PipeTransform<string, number> {
  transform(value: string, metadata: ArgumentMetadata): number {
    if (typeof value !== 'string' || !ROOM_NUMBER.test(value))
      throw validationFailed([{ path: metadata.data ?? 'room', message: 'must be a room number (1, 2, ...)' }]);
    return Number(value);
  }
}
