/**
 * The framework's floor for `npm run bench`: the smallest Nest + Express app with one JSON route,
 * no middleware, guards, interceptors or pipes of ours. Listens on PORT (127.0.0.1).
 */
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

@Controller()
class HelloController {
  @Get()
  hello() {
    return { ok: true };
  }
}

@Module({ controllers: [HelloController] })
class MinimalModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create(MinimalModule, { logger: false });
  await app.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
  process.stderr.write(`minimal nest app listening on ${process.env.PORT}\n`);
}

void main();
