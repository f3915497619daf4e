import type { ResolvedTpmjsExecutorOptions } from './tpmjsExecutorOptions';

export const TPMJS_PROTOCOL_VERSION = '1.0';
export const EXECUTOR_IMPLEMENTATION_VERSION = '1.0.0';

export function healthBody(): Record<string, unknown> {
  return {
    status: 'ok',
    protocolVersion: TPMJS_PROTOCOL_VERSION,
    implementationVersion: EXECUTOR_IMPLEMENTATION_VERSION,
    runtime: 'node',
    timestamp: new Date().toISOString(),
  };
}

/** Capabilities as they really are: every call gets its own OS process, with these limits. */
export function infoBody(options: ResolvedTpmjsExecutorOptions): Record<string, unknown> {
  return {
    name: options.name,
    version: EXECUTOR_IMPLEMENTATION_VERSION,
    protocolVersion: TPMJS_PROTOCOL_VERSION,
    capabilities: {
      isolation: 'process',
      executionModes: ['sync'],
      maxExecutionTimeMs: options.executionTimeoutMs,
      maxRequestBodyBytes: options.maxRequestBodyBytes,
      maxConcurrentExecutions: options.maxConcurrentExecutions,
      installTimeoutMs: options.installTimeoutMs,
      supportsStreaming: false,
      supportsCallbacks: false,
      supportsCaching: false,
      // Installed packages are kept per exact version; supportsCaching is v1.1's cache hints, which we lack.
      cachesPackages: true,
    },
    runtime: {
      platform: process.platform,
      nodeVersion: process.versions.node,
      ...(options.region ? { region: options.region } : {}),
    },
  };
}
