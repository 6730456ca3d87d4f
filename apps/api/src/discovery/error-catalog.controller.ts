import { Controller, Get, Header } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ERROR_CATALOG, ERROR_CODES, errorDocsUrl } from '@hcs/contracts';
import { Public, SkipRateLimit } from '@hcs/auth';
import { AppConfig } from '@hcs/platform';
import { Bare } from '../http/bare.decorator';

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/** The error catalog, as JSON for agents and as the page every `docs_url` points into. */
@ApiTags('discovery')
@Public()
// Static, cacheable documents: not counted by the rate limiter (the token endpoint is).
@SkipRateLimit()
@Bare()
@Controller()
export class ErrorCatalogController {
  constructor(private readonly config: AppConfig) {}

  @Get('.well-known/errors')
  @ApiOperation({
    summary: 'Every error code the service can return, with status and remediation.',
    description:
      'The error catalog as JSON: each code with its HTTP status, default message, remediation, generic next actions and the docs_url its errors carry. Branch on error.code, never on the status or message.',
  })
  catalog() {
    return {
      errors: ERROR_CODES.map((code) => {
        const entry = ERROR_CATALOG[code];
        return {
          code,
          status: entry.status,
          message: entry.message,
          remediation: entry.remediation,
          next_actions: entry.next_actions.map(({ rel, method, href }) => ({ rel, method, href })),
          docs_url: errorDocsUrl(this.config.docsUrl, code),
        };
      }),
    };
  }

  @Get('docs/errors')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @ApiOperation({
    summary: 'Human-readable error reference; each code is an anchor.',
    description: "The same catalog as an HTML table; an error's docs_url points to its code's row here.",
  })
  page(): string {
    const rows = ERROR_CODES.map((code) => {
      const e = ERROR_CATALOG[code];
      return `<tr id="${code}"><td><code>${code}</code></td><td>${e.status}</td><td>${escape(e.message)}</td><td>${escape(e.remediation)}</td></tr>`;
    }).join('\n');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Errors - ${this.config.serviceName}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem}td,th{padding:.4rem;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}tr:target{background:#fff6cc}</style></head>
<body><h1>Error codes</h1><p>Every failure is <code>{error: {code, message, detail, remediation, retry_after, docs_url, trace_id, next_actions}}</code>. Branch on <code>error.code</code>, never on the status or message. Machine-readable: <a href="/.well-known/errors">/.well-known/errors</a>.</p>
<table><thead><tr><th>code</th><th>status</th><th>meaning</th><th>remediation</th></tr></thead><tbody>
${rows}
</tbody></table></body></html>`;
  }
}
