/*
 * Tracing (docs/deploy.md, "Tracing"; docs/decisions/029-tracing.md) is on when any standard
 * OTEL_ variable is set, and off (the SDK not even loaded) when none is, or when the settings
 * turn it off. This file imports nothing, so asking costs nothing.
 */

/** Whether the OpenTelemetry SDK is started: some OTEL_ variable set, and none turning it off. */
export function tracingWanted(env: Record<string, string | undefined>): boolean {
  const set = Object.keys(env).some((name) => name.startsWith('OTEL_') && env[name]);
  if (!set) return false;
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '').split(',').map((name) => name.trim());
  return !exporters.includes('none');
}
