/**
 * The MCP protocol revisions `/mcp` speaks and the rules that pick one for a request (docs/mcp.md
 * "Protocol revisions"). Pure: no I/O, so the era and header rules are unit-tested on their own.
 */

/** The stateless revision: no handshake, per-request `_meta`, `server/discover`. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';
/** Revisions served through the `initialize` handshake by the official SDK (newest first). */
export const LEGACY_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18'] as const;
/** Every revision we answer, newest first (`server/discover` `supportedVersions`, the agent card). */
export const MCP_PROTOCOL_VERSIONS: readonly string[] = [MODERN_PROTOCOL_VERSION, ...LEGACY_PROTOCOL_VERSIONS];
/** Older revisions a legacy `initialize` may name: negotiation answers our newest legacy revision. */
const KNOWN_OLDER_VERSIONS = new Set(['2025-03-26', '2024-11-05', '2024-10-07']);

export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

/** JSON-RPC and MCP error codes, as the 2026-07-28 schema names them. */
export const JSONRPC = {
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  HEADER_MISMATCH: -32020,
  MISSING_REQUIRED_CLIENT_CAPABILITY: -32021,
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
  body: { jsonrpc: '2.0'; id: JsonRpcId; result?: Record<string, unknown>; error?: JsonRpcError } | null;
}

export function rpcError(status: number, id: JsonRpcId, error: JsonRpcError): McpHttpAnswer {
  return { status, body: { jsonrpc: '2.0', id, error } };
}

export function unsupportedVersion(id: JsonRpcId, requested: unknown): McpHttpAnswer {
  return rpcError(400, id, {
    code: JSONRPC.UNSUPPORTED_PROTOCOL_VERSION,
    message: `Unsupported protocol version: this server speaks ${MCP_PROTOCOL_VERSIONS.join(', ')}`,
    data: { supported: [...MCP_PROTOCOL_VERSIONS], requested },
  });
}

export function headerMismatch(id: JsonRpcId, message: string): McpHttpAnswer {
  return rpcError(400, id, { code: JSONRPC.HEADER_MISMATCH, message: `Header mismatch: ${message}` });
}

/** The parts of a POST /mcp that decide how it is served. Header names are lower case (Node). */
export interface McpEnvelope {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export type Route =
  /** Served by the SDK's handshake-based server, as before 2026-07-28. */
  | { era: 'legacy' }
  /** Served statelessly by our 2026-07-28 layer. */
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

export function idOf(body: unknown): JsonRpcId {
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
 * A request is modern when it names a version in `_meta`, calls `server/discover`, or carries an
 * `MCP-Protocol-Version` header that is not a legacy revision; a version we do not speak, in the
 * header, in `_meta` or in `initialize`, is the UnsupportedProtocolVersionError.
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
  if (fromHeader !== undefined || fromMeta !== undefined || method === 'server/discover') return { era: 'modern' };
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

const BASE64_SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;

/** An `Mcp-Name` value as sent: plain, or the `=?base64?…?=` form for values a header cannot carry. */
export function decodeHeaderValue(value: string): string | null {
  const encoded = BASE64_SENTINEL.exec(value);
  if (!encoded) return value;
  const decoded = Buffer.from(encoded[1], 'base64');
  // A value that does not survive the round trip was not valid Base64 of UTF-8.
  return decoded.toString('base64').replace(/=+$/, '') === encoded[1].replace(/=+$/, '') ? decoded.toString('utf8') : null;
}

/** The body field `Mcp-Name` mirrors, for the methods that need it. */
function nameSource(method: string, params: Record<string, unknown>): string | undefined {
  if (method === 'tools/call' || method === 'prompts/get') return typeof params.name === 'string' ? params.name : undefined;
  if (method === 'resources/read') return typeof params.uri === 'string' ? params.uri : undefined;
  return undefined;
}

export interface ModernRequest {
  id: string | number;
  method: string;
  params: Record<string, unknown>;
  protocolVersion: string;
}

/**
 * Checks a 2026-07-28 request in the order the revision gives: the JSON-RPC shape, the required
 * `_meta` members (-32602), the standard headers against the body (-32020 HeaderMismatch), then
 * the version (-32022). Answers the request, or the error answer to send.
 */
export function validateModern({ headers, body }: McpEnvelope): { request: ModernRequest } | { answer: McpHttpAnswer } {
  const id = idOf(body);
  if (!isObject(body) || body.jsonrpc !== '2.0' || typeof body.method !== 'string' || id === null) {
    return {
      answer: rpcError(400, id, { code: JSONRPC.INVALID_REQUEST, message: 'Invalid Request: expected one JSON-RPC 2.0 request with an id and a method.' }),
    };
  }
  const method = body.method;
  const params = body.params === undefined ? {} : body.params;
  if (!isObject(params)) return { answer: rpcError(400, id, { code: JSONRPC.INVALID_PARAMS, message: 'Invalid params: params must be an object.' }) };
  const meta = isObject(params._meta) ? params._meta : undefined;
  const missing = [
    meta === undefined ? '_meta' : null,
    typeof meta?.[META_PROTOCOL_VERSION] !== 'string' ? `_meta["${META_PROTOCOL_VERSION}"]` : null,
    !isObject(meta?.[META_CLIENT_CAPABILITIES]) ? `_meta["${META_CLIENT_CAPABILITIES}"]` : null,
  ].filter((m): m is string => m !== null);
  if (missing.length > 0) {
    return {
      answer: rpcError(400, id, { code: JSONRPC.INVALID_PARAMS, message: `Invalid params: every request needs ${missing.join(', ')}.`, data: { missing } }),
    };
  }
  const version = meta![META_PROTOCOL_VERSION] as string;
  const versionHeader = header(headers, 'mcp-protocol-version')?.trim();
  if (versionHeader === undefined) return { answer: headerMismatch(id, 'the MCP-Protocol-Version header is missing') };
  if (versionHeader !== version) {
    return { answer: headerMismatch(id, `MCP-Protocol-Version header value '${versionHeader}' does not match _meta value '${version}'`) };
  }
  const methodHeader = header(headers, 'mcp-method')?.trim();
  if (methodHeader === undefined) return { answer: headerMismatch(id, 'the Mcp-Method header is missing') };
  if (methodHeader !== method) return { answer: headerMismatch(id, `Mcp-Method header value '${methodHeader}' does not match body value '${method}'`) };
  const expectedName = nameSource(method, params);
  const nameHeader = header(headers, 'mcp-name')?.trim();
  if (expectedName !== undefined) {
    if (nameHeader === undefined) return { answer: headerMismatch(id, 'the Mcp-Name header is missing') };
    const name = decodeHeaderValue(nameHeader);
    if (name === null) return { answer: headerMismatch(id, 'the Mcp-Name header is not valid Base64') };
    if (name !== expectedName) return { answer: headerMismatch(id, `Mcp-Name header value '${name}' does not match body value '${expectedName}'`) };
  }
  if (version !== MODERN_PROTOCOL_VERSION) return { answer: unsupportedVersion(id, version) };
  return { request: { id, method, params, protocolVersion: version } };
}
