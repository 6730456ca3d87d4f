import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppConfig } from '@hcs/platform';

/** The origins `/mcp` accepts: the service's own public addresses and MCP_ALLOWED_ORIGINS. */
export function allowedMcpOrigins(config: AppConfig): Set<string> {
  const own = [config.baseUrl, config.siteUrl, config.mcpUrl].map((url) => new URL(url).origin);
  return new Set([...own, ...config.mcpAllowedOrigins]);
}

/**
 * DNS rebinding protection (MCP Streamable HTTP "Security"): a request whose `Origin` header is
 * present and not allowed is 403 with a JSON-RPC error without id, before authentication or body
 * parsing. Requests without `Origin` (agents, servers, CLIs) are not affected.
 */
export function mcpOriginCheck(config: AppConfig) {
  const allowed = allowedMcpOrigins(config);
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const origin = req.headers.origin;
    if (origin === undefined || allowed.has(origin.trim().toLowerCase())) return next();
    res.writeHead(403, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: `Forbidden: Origin ${origin} is not allowed (set MCP_ALLOWED_ORIGINS to admit a browser origin).` },
      }),
    );
  };
}
