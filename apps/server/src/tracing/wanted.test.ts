import { describe, expect, it } from 'vitest';
import { tracingWanted } from './wanted.ts';

// Tracing is off, the SDK not loaded, unless an OTEL_ variable asks (docs/deploy.md, "Tracing").
describe('tracingWanted', () => {
  it.each<[string, Record<string, string>, boolean]>([
    ['no OTEL_ variable', { PORT: '3000', LOG_LEVEL: 'info' }, false],
    ['an empty one', { OTEL_EXPORTER_OTLP_ENDPOINT: '' }, false],
    ['an endpoint', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, true],
    ['a traces endpoint', { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' }, true],
    ['a service name alone', { OTEL_SERVICE_NAME: 'signup-acme' }, true],
    ['the console exporter', { OTEL_TRACES_EXPORTER: 'console' }, true],
    ['the SDK disabled', { OTEL_SERVICE_NAME: 'x', OTEL_SDK_DISABLED: 'true' }, false],
    ['the SDK disabled, in capitals', { OTEL_SDK_DISABLED: 'TRUE' }, false],
    ['the SDK not disabled', { OTEL_SDK_DISABLED: 'false' }, true],
    ['no trace exporter', { OTEL_SERVICE_NAME: 'x', OTEL_TRACES_EXPORTER: 'none' }, false],
  ])('%s', (_name, env, on) => {
    expect(tracingWanted(env)).toBe(on);
  });
});
