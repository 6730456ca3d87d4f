import { Module } from '@nestjs/common';
import { DiscoveryModule } from '../discovery/discovery.module';
import { McpController } from './mcp.controller';
import { McpServerFactory } from './mcp-server.factory';
import { McpModernHandler } from './mcp-modern.handler';
import { McpToolRunner } from './mcp-tool-runner';

/** The MCP transport: tools that run the REST routes' use cases (docs/mcp.md). */
@Module({
  imports: [DiscoveryModule],
  controllers: [McpController],
  providers: [McpToolRunner, McpServerFactory, McpModernHandler],
  exports: [McpServerFactory],
})
export class McpModule {}
