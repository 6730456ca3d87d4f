import { MCP_PROTOCOL_VERSIONS, negotiatedLegacyVersion, routeOf } from './mcp-protocol';

const meta = (version: string) => ({ _meta: { 'io.modelcontextprotocol/protocolVersion': version, 'io.modelcontextprotocol/clientCapabilities': {} } });
const post = (body: unknown, headers: Record<string, string> = {}) => routeOf({ headers, body });

describe('routeOf (which revision serves a POST /mcp)', () => {
  it('refuses a batch unread, whatever it holds', () => {
    for (const body of [[], [{ jsonrpc: '2.0', id: 1, method: 'tools/list' }]]) {
      expect(post(body)).toEqual({
        era: 'refused',
        answer: { status: 400, body: { jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringContaining('batch') } } },
      });
    }
  });

  it('serves handshake traffic on the legacy era: initialize, and requests naming 2025-06-18 or 2025-11-25', () => {
    expect(post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18' } })).toEqual({ era: 'legacy' });
    expect(post({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).toEqual({ era: 'legacy' });
    expect(post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-protocol-version': '2025-11-25' })).toEqual({ era: 'legacy' });
    expect(post({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: meta('2025-06-18') }, { 'mcp-protocol-version': '2025-06-18' })).toEqual({
      era: 'legacy',
    });
  });

  it('serves a request with the per-request envelope or a 2026-07-28 header on the modern era', () => {
    expect(post({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: meta('2026-07-28') }, { 'mcp-protocol-version': '2026-07-28' })).toEqual({
      era: 'modern',
    });
    // The SDK's ladder answers the missing _meta (-32602) and header mismatches (-32020).
    expect(post({ jsonrpc: '2.0', id: 1, method: 'server/discover' }, { 'mcp-protocol-version': '2026-07-28' })).toEqual({ era: 'modern' });
    expect(post({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: meta('2026-07-28') })).toEqual({ era: 'modern' });
    expect(post({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: meta('2026-07-28') }, { 'mcp-protocol-version': '2025-06-18' })).toEqual({
      era: 'modern',
    });
  });

  it('answers a version we do not speak with -32022, the supported versions and the requested one', () => {
    const unsupported = (requested: unknown, id: unknown) => ({
      era: 'refused',
      answer: {
        status: 400,
        body: { jsonrpc: '2.0', id, error: { code: -32022, message: expect.any(String), data: { supported: [...MCP_PROTOCOL_VERSIONS], requested } } },
      },
    });
    expect(post({ jsonrpc: '2.0', id: 3, method: 'tools/list' }, { 'mcp-protocol-version': '2025-03-26' })).toEqual(unsupported('2025-03-26', 3));
    expect(post({ jsonrpc: '2.0', id: 'x', method: 'server/discover', params: meta('v999') }, { 'mcp-protocol-version': 'v999' })).toEqual(
      unsupported('v999', 'x'),
    );
    expect(post({ jsonrpc: '2.0', id: 4, method: 'initialize', params: { protocolVersion: '1.0.0' } })).toEqual(unsupported('1.0.0', 4));
    expect(post({ jsonrpc: '2.0', id: 5, method: 'initialize', params: {} })).toEqual(unsupported(null, 5));
    // Header and _meta disagreeing is the modern leg's HeaderMismatch, not a version question.
    expect(post({ jsonrpc: '2.0', id: 6, method: 'tools/list', params: meta('2026-07-28') }, { 'mcp-protocol-version': 'v999' })).toEqual({ era: 'modern' });
  });

  it('negotiates an older known revision in initialize to our newest handshake revision', () => {
    expect(post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2024-11-05' } })).toEqual({ era: 'legacy' });
    expect(negotiatedLegacyVersion('2024-11-05')).toBe('2025-11-25');
    expect(negotiatedLegacyVersion('2026-07-28')).toBe('2025-11-25');
    expect(negotiatedLegacyVersion('2025-06-18')).toBe('2025-06-18');
  });
});
