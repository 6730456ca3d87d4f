import { hashSecret } from '@hcs/domain';
import { presented, PresentedSecret } from './presented-secret';

describe('PresentedSecret', () => {
  it("is the secret's stored digest, the same on every read, and wraps a plain string once", () => {
    const secret = new PresentedSecret('hcs_agent_abc123');
    expect(secret.digest).toBe(hashSecret('hcs_agent_abc123'));
    expect(secret.digest).toBe(secret.digest);
    expect(presented(secret)).toBe(secret);
    expect(presented('hcs_agent_abc123').digest).toBe(secret.digest);
  });
});
