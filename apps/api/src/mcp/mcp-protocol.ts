/**
 * The MCP protocol revisions `/mcp` speaks and the rule that routes a POST to one of them
 * (docs/mcp.md "Protocol revisions"). Pure: no I/O, unit-tested on its own.
 */

/** The stateless revision: no handshake, per-request `_meta`, `server/discover`. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';
/** Revisions served through the `initialize` handshake (newest first). */
export const LEGACY_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18'] as const;
/** Every revision we answer, newest first (`server/discover` `supportedVersions`, the agent card). */
export const MCP_PROTOCOL_VERSIONS: readonly string[] = [MODERN_PROTOCOL_VERSION, ...LEGACY_PROTOCOL_VERSIONS];
/** Older revisions a legacy `initialize` may name: negotiation answers our newest legacy revision. */
const KNOWN_OLDER_VERSIONS = new Set(['2025-03-26', '2024-11-05', '2024-10-07']);

const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';

/** The JSON-RPC and MCP error codes answered here, as the 2026-07-28 schema names them. */
export const JSONRPC = {
  INVALID_REQUEST: -32600,
  UNSUPPORTED_PROTOCOL_VERSION: -32022,
} as const;

export type JsonRpcId = string | number | null;

export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** A JSON-RPC answer with the HTTP status it travels with. */
export interface McpHttpAnswer {
  status: number;
  body: { jsonrpc: '2.0'; id: JsonRpcId; error: JsonRpcError };
}

function rpcError(status: number, id: JsonRpcId, error: JsonRpcError): McpHttpAnswer {
  return { status, body: { jsonrpc: '2.0', id, error } };
}

export function unsupportedVersion(id: JsonRpcId, requested: unknown): McpHttpAnswer {
  return rpcError(400, id, {
    code: JSONRPC.UNSUPPORTED_PROTOCOL_VERSION,
    message: `Unsupported protocol version: this server speaks ${MCP_PROTOCOL_VERSIONS.join(', ')}`,
    data: { supported: [...MCP_PROTOCOL_VERSIONS], requested },
  });
}

/** The parts of a POST /mcp that decide how it is served. Header names are lower case (Node). */
export interface McpEnvelope {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export type Route =
  /** Served by the SDK's handshake-based server, as before 2026-07-28. */
  | { era: 'legacy' }
  /** Served by the SDK v2's 2026-07-28 handler. */
  | { era: 'modern' }
  /** Answered at once (batch, unsupported version). */
  | { era: 'refused'; answer: McpHttpAnswer };

function header(headers: McpEnvelope['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function idOf(body: unknown): JsonRpcId {
  const id = isObject(body) ? body.id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

function metaOf(body: unknown): Record<string, unknown> | undefined {
  const params = isObject(body) ? body.params : undefined;
  const meta = isObject(params) ? params._meta : undefined;
  return isObject(meta) ? meta : undefined;
}

/**
 * Picks the era of one POST. A JSON array (a batch, removed in 2025-06-18) is refused unread.
 * A request is modern when it names a version in `_meta` or carries an `MCP-Protocol-Version`
 * header that is not a legacy revision (the SDK v2 classification: the modern leg then validates
 * `_meta` and headers); a version we do not speak in the header, or in `initialize`, is the
 * UnsupportedProtocolVersionError here, before any server is built.
 */
export function routeOf({ headers, body }: McpEnvelope): Route {
  if (Array.isArray(body)) {
    return {
      era: 'refused',
      answer: rpcError(400, null, {
        code: JSONRPC.INVALID_REQUEST,
        message: 'Invalid Request: JSON-RPC batches are not supported (removed in MCP 2025-06-18); send one message per POST.',
      }),
    };
  }
  const id = idOf(body);
  const fromHeader = header(headers, 'mcp-protocol-version')?.trim();
  const meta = metaOf(body);
  const fromMeta = meta?.[META_PROTOCOL_VERSION];
  const legacyHeader = fromHeader !== undefined && (LEGACY_PROTOCOL_VERSIONS as readonly string[]).includes(fromHeader);
  if (legacyHeader && (fromMeta === undefined || fromMeta === fromHeader)) return { era: 'legacy' };
  if (fromHeader !== undefined && !MCP_PROTOCOL_VERSIONS.includes(fromHeader) && (fromMeta === undefined || fromMeta === fromHeader)) {
    return { era: 'refused', answer: unsupportedVersion(id, fromHeader) };
  }
  const method = isObject(body) ? body.method : undefined;
  if (fromHeader !== undefined || fromMeta !== undefined) return { era: 'modern' };
  if (method === 'initialize') {
    const params = isObject(body) ? body.params : undefined;
    const requested = isObject(params) ? params.protocolVersion : undefined;
    const negotiable = typeof requested === 'string' && (MCP_PROTOCOL_VERSIONS.includes(requested) || KNOWN_OLDER_VERSIONS.has(requested));
    if (!negotiable) return { era: 'refused', answer: unsupportedVersion(id, requested ?? null) };
  }
  return { era: 'legacy' };
}

/** The version a legacy `initialize` is answered with: the one asked for when we speak it, else our newest legacy one. */
export function negotiatedLegacyVersion(requested: string): string {
  return (LEGACY_PROTOCOL_VERSIONS as readonly string[]).includes(requested) ? requested : LEGACY_PROTOCOL_VERSIONS[0];
}
