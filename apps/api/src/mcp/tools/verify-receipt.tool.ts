import { VerifyReceipt } from '@hcs/domain';
import { VerifyReceiptRequestDto } from '../../receipts/dto/receipts.request.dto';
import { ReceiptsController } from '../../receipts/receipts.controller';
import { dtoArguments } from '../dto-arguments';
import { defineTool } from '../mcp-tool';
import { validBody } from '../mcp-validation';
import { READ_ONLY } from './tool-schemas';

export const verifyReceiptTool = defineTool<VerifyReceiptRequestDto>({
  name: 'verify_receipt',
  title: 'Verify a signed receipt',
  description:
    'Check that a receipt (the receipt of a confirm_booking or cancel_booking answer) is authentic and unchanged: {valid: true} or {valid: false, reason}. Changes nothing.',
  annotations: READ_ONLY,
  mirrors: { controller: ReceiptsController, handler: 'verify' },
  input: dtoArguments(VerifyReceiptRequestDto, { describe: { receipt: 'The receipt exactly as received' } }),
  validate: ({ body }) => validBody(VerifyReceiptRequestDto, body),
  execute: ({ input, actor, use }) => use(VerifyReceipt).execute({ tenantId: actor.tenantId, receipt: input.receipt }),
  summarize: ({ data }) => {
    const verdict = data as { valid: boolean; reason?: string };
    return verdict.valid ? 'The receipt is valid.' : `The receipt is not valid: ${verdict.reason}.`;
  },
});
