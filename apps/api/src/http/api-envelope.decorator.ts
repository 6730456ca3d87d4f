import { applyDecorators, Type } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';

/** Documents a success answer as the envelope `{data, trace_id, next_actions, expires_at?, receipt?}` around `model`. */
export const ApiEnvelope = (model: Type, status: number, description: string, options: { receipt?: boolean; expires?: boolean } = {}) =>
  applyDecorators(
    ApiExtraModels(model),
    ApiResponse({
      status,
      description,
      schema: {
        type: 'object',
        required: ['data', 'trace_id', 'next_actions', ...(options.receipt ? ['receipt'] : []), ...(options.expires ? ['expires_at'] : [])],
        properties: {
          data: { $ref: getSchemaPath(model) },
          trace_id: { type: 'string' },
          next_actions: {
            type: 'array',
            items: {
              type: 'object',
              required: ['rel', 'method', 'href'],
              properties: {
                rel: { type: 'string' },
                method: { type: 'string' },
                href: { type: 'string' },
                body_hint: { type: 'object' },
                expires_at: { type: 'string', format: 'date-time' },
              },
            },
          },
          ...(options.expires ? { expires_at: { type: 'string', format: 'date-time' } } : {}),
          ...(options.receipt
            ? {
                receipt: {
                  type: 'object',
                  required: ['kind', 'issuer', 'issued_at', 'subject', 'payload_hash', 'algorithm', 'signature'],
                  properties: {
                    kind: { type: 'string', enum: ['booking_confirmed', 'booking_cancelled', 'refund_issued'] },
                    issuer: { type: 'string' },
                    issued_at: { type: 'string' },
                    subject: { type: 'object', additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }] } },
                    payload_hash: { type: 'string', pattern: '^sha256:[0-9a-f]{64}$' },
                    algorithm: { type: 'string', enum: ['HS256'] },
                    kid: { type: 'string' },
                    signature: { type: 'string' },
                  },
                },
              }
            : {}),
        },
      },
    }),
  );
