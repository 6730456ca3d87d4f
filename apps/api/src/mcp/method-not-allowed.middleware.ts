import type { IncomingMessage, ServerResponse } from 'node:http';

const BODY = JSON.stringify({
  jsonrpc: '2.0',
  error: { code: -32000, message: 'Method not allowed: this MCP server is stateless; POST JSON-RPC messages to /mcp.' },
  id: null,
});

/**
 * GET (a server-sent event stream) and DELETE (ending a session) mean nothing to a stateless MCP
 * server: 405 with the JSON-RPC error the SDK's stateless mode answers, before any guard.
 */
export function mcpMethodNotAllowed(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  if (req.method !== 'GET' && req.method !== 'DELETE') return next();
  res.writeHead(405, { Allow: 'POST', 'Content-Type': 'application/json' });
  res.end(BODY);
}
