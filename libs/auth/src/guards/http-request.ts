import type { AuthenticatedRequest } from '../principal/actor';

/** The parts of an HTTP request the auth guards read (Express and Node requests both fit). */
export interface GuardedRequest extends AuthenticatedRequest {
  headers: Record<string, string | string[] | undefined>;
  ip?: string;
  socket?: { remoteAddress?: string };
}

/** Response methods the guards use to add headers (RateLimit-*, WWW-Authenticate). */
export interface GuardedResponse {
  setHeader(name: string, value: string | number): unknown;
}

export function header(req: GuardedRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function clientIp(req: GuardedRequest): string {
  return req.ip ?? req.socket?.remoteAddress ?? 'unknown';
}
