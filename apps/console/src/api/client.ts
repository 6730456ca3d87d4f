import { DISCOVERED, normalizePath, OPERATIONS, type HttpMethod, type OperationName } from './operations';
import type { Envelope, ErrorBody, OperationData } from './types';

/** A failed call with the error envelope's fields, which the console shows as they are. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
  }
}

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined | null>;
  body?: unknown;
}

function fill(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

function withQuery(path: string, query: CallOptions['query']): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The typed client of the public admin API: every call names an operation of OPERATIONS, carries
 * the admin key as a bearer token (never in a URL) and resolves to the success envelope or throws
 * an ApiError with the error envelope.
 */
export class ApiClient {
  constructor(
    private readonly apiKey: string,
    private readonly baseUrl = '',
  ) {}

  call<N extends OperationName>(name: N, options: CallOptions = {}): Promise<Envelope<OperationData[N]>> {
    const op = OPERATIONS[name];
    return this.request<OperationData[N]>(op.method, withQuery(fill(op.path, options.params), options.query), options.body);
  }

  /** An operation found in the OpenAPI document by shape (DISCOVERED); its path is passed in. */
  callPath<T>(method: HttpMethod, path: string, options: CallOptions = {}): Promise<Envelope<T>> {
    return this.request<T>(method, withQuery(fill(path, options.params), options.query), options.body);
  }

  private async request<T>(method: HttpMethod, path: string, body: unknown): Promise<Envelope<T>> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.apiKey}`, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (error) {
      throw new ApiError(0, {
        code: 'network_error',
        message: `The API did not answer: ${error instanceof Error ? error.message : String(error)}`,
        remediation: 'Check that the api process runs and the network is up, then retry.',
        trace_id: '',
        detail: {},
      });
    }
    const json = (await response.json().catch(() => null)) as (Envelope<T> & { error?: ErrorBody }) | null;
    if (!response.ok || !json || json.error) {
      throw new ApiError(
        response.status,
        json?.error ?? {
          code: `http_${response.status}`,
          message: `The API answered ${response.status} without an error envelope.`,
          remediation: 'Retry; if it persists, report the time of the call.',
          trace_id: response.headers.get('traceparent')?.split('-')[1] ?? '',
          detail: {},
        },
      );
    }
    return json;
  }
}

/** What the running API offers, read from `/openapi.json` at sign-in. */
export class Capabilities {
  private readonly routes = new Set<string>();
  readonly discovered: Partial<Record<keyof typeof DISCOVERED, string>> = {};

  constructor(private readonly openapi: { paths?: Record<string, Record<string, unknown>> }) {
    for (const [path, item] of Object.entries(openapi.paths ?? {})) {
      for (const method of Object.keys(item)) {
        const upper = method.toUpperCase();
        this.routes.add(`${upper} ${normalizePath(path)}`);
        for (const [name, spec] of Object.entries(DISCOVERED)) {
          if (spec.method === upper && spec.pattern.test(path)) this.discovered[name as keyof typeof DISCOVERED] = path;
        }
      }
    }
  }

  has(name: OperationName): boolean {
    const op = OPERATIONS[name];
    return this.routes.has(`${op.method} ${normalizePath(op.path)}`);
  }

  /** The property names of an operation's JSON request body, when the document states them. */
  requestFields(name: OperationName): string[] {
    const op = OPERATIONS[name];
    const entry = Object.entries(this.openapi.paths ?? {}).find(([p]) => normalizePath(p) === normalizePath(op.path));
    const operation = entry?.[1][op.method.toLowerCase()] as { requestBody?: { content?: Record<string, { schema?: unknown }> } } | undefined;
    const schema = operation?.requestBody?.content?.['application/json']?.schema as { $ref?: string; properties?: Record<string, unknown> } | undefined;
    const resolved = schema?.$ref ? this.resolve(schema.$ref) : schema;
    return Object.keys(resolved?.properties ?? {});
  }

  private resolve(ref: string): { properties?: Record<string, unknown> } | undefined {
    const parts = ref.replace(/^#\//, '').split('/');
    let node: unknown = this.openapi;
    for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
    return node as { properties?: Record<string, unknown> } | undefined;
  }
}

export async function fetchCapabilities(baseUrl = ''): Promise<Capabilities> {
  const response = await fetch(`${baseUrl}/openapi.json`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /openapi.json answered ${response.status}`);
  return new Capabilities((await response.json()) as { paths?: Record<string, Record<string, unknown>> });
}
