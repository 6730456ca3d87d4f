import type { OpenAPIObject } from '@nestjs/swagger';

const escape = (s: unknown) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

interface SchemaLike {
  $ref?: string;
  type?: string;
  items?: SchemaLike;
  oneOf?: SchemaLike[];
  allOf?: SchemaLike[];
  properties?: Record<string, SchemaLike>;
  required?: string[];
  description?: string;
  enum?: unknown[];
  nullable?: boolean;
  format?: string;
}

function typeOf(schema: SchemaLike | undefined): string {
  if (!schema) return '';
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() as string;
    return `<a href="#schema-${escape(name)}">${escape(name)}</a>`;
  }
  if (schema.oneOf) return schema.oneOf.map(typeOf).join(' | ');
  if (schema.allOf) {
    const data = schema.allOf.find((s) => s.properties?.data)?.properties?.data;
    return data ? `envelope of ${typeOf(data)}` : schema.allOf.map(typeOf).join(' & ');
  }
  if (schema.type === 'array') return `${typeOf(schema.items)}[]`;
  const base = schema.enum ? schema.enum.map((v) => escape(v)).join(' | ') : escape(schema.type ?? 'object');
  return `${base}${schema.format ? ` (${escape(schema.format)})` : ''}${schema.nullable ? ' or null' : ''}`;
}

/**
 * A browsable API reference rendered on the server from the OpenAPI document: works offline,
 * without scripts. Swagger UI, when its assets are installed, lives at /docs/ui.
 */
export function renderApiReference(document: OpenAPIObject, options: { swaggerUi: boolean }): string {
  const operations: string[] = [];
  const toc: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = item[method];
      if (!op) continue;
      const anchor = `op-${method}-${path.replace(/[^a-z0-9]+/gi, '-')}`;
      toc.push(`<li><a href="#${anchor}"><code>${method.toUpperCase()} ${escape(path)}</code></a> ${escape(op.summary)}</li>`);
      const params = (op.parameters ?? []) as Array<{ name: string; in: string; required?: boolean; description?: string; schema?: SchemaLike }>;
      const body = (op.requestBody as { content?: Record<string, { schema?: SchemaLike }> } | undefined)?.content?.['application/json']?.schema;
      const security = (op.security ?? document.security ?? []) as Array<Record<string, string[]>>;
      const auth = security.length === 0 ? 'public' : security.map((s) => Object.keys(s).join(' + ')).join(' or ');
      operations.push(`<section id="${anchor}"><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
<p>${escape(op.summary)}${op.description ? `<br><small>${escape(op.description)}</small>` : ''}</p>
<p><b>Auth:</b> ${escape(auth)}</p>
${params.length ? `<table><tr><th>parameter</th><th>in</th><th>type</th><th>required</th><th>description</th></tr>${params.map((p) => `<tr><td><code>${escape(p.name)}</code></td><td>${escape(p.in)}</td><td>${typeOf(p.schema)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${escape(p.description)}</td></tr>`).join('')}</table>` : ''}
${body ? `<p><b>Body:</b> ${typeOf(body)}</p>` : ''}
<table><tr><th>status</th><th>response</th></tr>${Object.entries(op.responses ?? {})
        .map(([status, r]) => {
          const response = r as { description?: string; content?: Record<string, { schema?: SchemaLike }> };
          const schema = response.content?.['application/json']?.schema;
          return `<tr><td>${escape(status)}</td><td>${escape(response.description)} ${schema ? typeOf(schema) : ''}</td></tr>`;
        })
        .join('')}</table></section>`);
    }
  }
  const schemas = Object.entries((document.components?.schemas ?? {}) as Record<string, SchemaLike>).map(
    ([name, schema]) => `<section id="schema-${escape(name)}"><h3>${escape(name)}</h3>${schema.description ? `<p>${escape(schema.description)}</p>` : ''}
<table><tr><th>field</th><th>type</th><th>required</th><th>description</th></tr>${Object.entries(schema.properties ?? {})
      .map(
        ([field, s]) =>
          `<tr><td><code>${escape(field)}</code></td><td>${typeOf(s)}</td><td>${schema.required?.includes(field) ? 'yes' : 'no'}</td><td>${escape(s.description)}</td></tr>`,
      )
      .join('')}</table></section>`,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(document.info.title)} API reference</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:75rem}td,th{padding:.3rem .5rem;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}table{border-collapse:collapse;margin:.5rem 0 1rem}section{margin-bottom:1.5rem}.m{font-family:monospace;padding:.1rem .4rem;border-radius:3px;color:#fff;background:#555}.get{background:#2b7}.post{background:#27b}.put{background:#b72}.patch{background:#a5b}.delete{background:#b33}:target{background:#fff6cc}</style></head>
<body><h1>${escape(document.info.title)} <small>${escape(document.info.version)}</small></h1>
<p>${escape(document.info.description)}</p>
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a>, <a href="/openapi.yaml">/openapi.yaml</a>. Error codes: <a href="/docs/errors">/docs/errors</a>. Discovery: <a href="/">service index</a>, <a href="/.well-known/agent-card.json">agent card</a>.${options.swaggerUi ? ' Interactive: <a href="/docs/ui">Swagger UI</a>.' : ''}</p>
<h2>Operations</h2><ul>${toc.join('')}</ul>
${operations.join('\n')}
<h2>Schemas</h2>
${schemas.join('\n')}
<h2 id="legal">Legal</h2><p>This API is provided by the operator of this deployment under its terms of service. Prices and cancellation terms are binding only as stated in a quote.</p>
</body></html>`;
}
