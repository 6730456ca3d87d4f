import { paymentActionElicitation } from './payment-action-elicitation';
import type { ToolAnswer } from './mcp-tool-runner';

const waiting = (code = 'payment_action_required'): ToolAnswer =>
  ({ ok: false, status: 402, envelope: { error: { code, detail: { action_url: 'https://bank.example/3ds/1' } } } }) as unknown as ToolAnswer;
const declaring = { 'io.modelcontextprotocol/clientCapabilities': { elicitation: { url: {} } } };

describe('the URL elicitation of a payment waiting for the traveler', () => {
  it('asks a client that declared URL elicitation to open the issuer page', () => {
    expect(paymentActionElicitation(waiting(), declaring, undefined)).toMatchObject({
      resultType: 'input_required',
      inputRequests: { authenticate_payment: { method: 'elicitation/create', params: { mode: 'url', url: 'https://bank.example/3ds/1' } } },
    });
  });

  it('leaves the tool error to others: no capability, form mode only, another error, or an answered page', () => {
    expect(paymentActionElicitation(waiting(), {}, undefined)).toBeNull();
    expect(paymentActionElicitation(waiting(), { 'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } } }, undefined)).toBeNull();
    expect(paymentActionElicitation(waiting('payment_failed'), declaring, undefined)).toBeNull();
    expect(paymentActionElicitation(waiting(), declaring, { authenticate_payment: { action: 'accept' } })).toBeNull();
  });
});
