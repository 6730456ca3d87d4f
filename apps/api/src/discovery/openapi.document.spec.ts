import type { OpenAPIObject } from '@nestjs/swagger';
import { parse } from 'yaml';
import { OpenApiDocument } from './openapi.document';

describe('OpenApiDocument', () => {
  const built: OpenAPIObject = { openapi: '3.0.0', info: { title: 't', version: '0.0.0' }, paths: { '/healthz': { get: { responses: {} } } } };

  it('builds the document on its first use, once, and its YAML from it', async () => {
    const openapi = new OpenApiDocument();
    const build = jest.fn(() => built);
    openapi.buildWith(build);
    expect(build).not.toHaveBeenCalled();
    expect(openapi.document).toBe(built);
    const yaml = await openapi.yaml();
    expect(parse(yaml)).toEqual(built);
    await expect(openapi.yaml()).resolves.toBe(yaml);
    expect(openapi.document).toBe(built);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('refuses to answer before the routes are mounted', () => {
    expect(() => new OpenApiDocument().document).toThrow(/not mounted yet/);
  });
});
