import { Controller, Get, Header, Param, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import { createReadStream, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Public, SkipRateLimit } from '@hcs/auth';
import { DomainError } from '@hcs/domain';
import { Bare } from '../http/bare.decorator';
import { ApiErrors } from '../http/openapi/api-envelope.decorator';
import { renderApiReference } from './api-reference.page';
import { OpenApiDocument } from './openapi.document';

/** Swagger UI assets, when the package is installed (it is optional: /docs works without it). */
function swaggerUiDir(): string | null {
  try {
    const dir = dirname(require.resolve('swagger-ui-dist/package.json'));
    return existsSync(join(dir, 'swagger-ui-bundle.js')) ? dir : null;
  } catch {
    return null;
  }
}

/** The files `/docs/assets/{file}` serves and their media types. A Map: `constructor` or `__proto__` is no file. */
const ASSETS: ReadonlyMap<string, string> = new Map([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
  ['swagger-ui-standalone-preset.js', 'text/javascript; charset=utf-8'],
  ['favicon-32x32.png', 'image/png'],
]);

@ApiTags('discovery')
@Public()
// Static, cacheable documents: not counted by the rate limiter (the token endpoint is).
@SkipRateLimit()
@Bare()
@Controller()
export class OpenApiController {
  private readonly uiDir = swaggerUiDir();
  private referencePage: string | null = null;

  constructor(private readonly openapi: OpenApiDocument) {}

  @Get('openapi.json')
  @ApiOperation({
    summary: 'OpenAPI 3 description of every route (document version 0.0.0)',
    description:
      'This document: every route the process serves with its security, scopes, parameters, request and response schemas, and its error responses as the error envelope with one example per error code. Built from the mounted routes on first use.',
  })
  @ApiOkResponse({
    description: 'OpenAPI document.',
    schema: {
      type: 'object',
      required: ['openapi', 'info', 'paths'],
      properties: {
        openapi: { description: 'The OpenAPI version of the document.' },
        info: { description: 'Title, description and document version.' },
        paths: { description: 'Every served route and its operations.' },
      },
      additionalProperties: true,
    },
  })
  json() {
    return this.openapi.document;
  }

  @Get('openapi.yaml')
  @Header('Content-Type', 'application/yaml; charset=utf-8')
  @ApiOperation({ summary: 'The same OpenAPI document as YAML', description: 'The document /openapi.json serves, as YAML.' })
  @ApiProduces('application/yaml')
  @ApiOkResponse({ description: 'OpenAPI document (YAML).', content: { 'application/yaml': { schema: { type: 'string' } } } })
  yaml(): Promise<string> {
    return this.openapi.yaml();
  }

  @Get('docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @ApiOperation({
    summary: 'Browsable API reference (server-rendered from the OpenAPI document)',
    description: 'An HTML reference of every route and schema, rendered on the server from this document, with links to the machine-readable documents.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'HTML page.', content: { 'text/html': { schema: { type: 'string' } } } })
  reference(): string {
    this.referencePage ??= renderApiReference(this.openapi.document, { swaggerUi: this.uiDir !== null });
    return this.referencePage;
  }

  @Get('docs/ui')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @ApiOperation({
    summary: 'Interactive Swagger UI (falls back to /docs when its assets are not installed)',
    description: 'Swagger UI on /openapi.json when the optional swagger-ui-dist package is installed; otherwise a page that redirects to /docs.',
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'HTML page.', content: { 'text/html': { schema: { type: 'string' } } } })
  ui(): string {
    if (!this.uiDir) return '<!doctype html><meta http-equiv="refresh" content="0; url=/docs"><a href="/docs">API reference</a>';
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API reference</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"><link rel="icon" href="/docs/assets/favicon-32x32.png"></head>
<body><div id="swagger-ui"></div><script src="/docs/assets/swagger-ui-bundle.js"></script><script src="/docs/assets/swagger-ui-standalone-preset.js"></script>
<script>window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout' });</script></body></html>`;
  }

  @Get('docs/assets/:file')
  @ApiOperation({ summary: 'Static assets of the Swagger UI page', description: 'The files /docs/ui loads, served from the swagger-ui-dist package.' })
  @ApiParam({ name: 'file', enum: [...ASSETS.keys()] })
  @ApiErrors(['not_found', 'another file name, or Swagger UI not installed'])
  @ApiOkResponse({ description: 'A static file.', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } })
  asset(@Param('file') file: string): StreamableFile {
    const type = ASSETS.get(file);
    if (!this.uiDir || !type) throw new DomainError('not_found');
    return new StreamableFile(createReadStream(join(this.uiDir, file)), { type });
  }
}
