import { startStandIn, type StandIn } from './recorder.ts';

/**
 * A local OTLP/HTTP trace receiver (a collector's `POST /v1/traces`), for the tracing test
 * (docs/deploy.md, "Tracing"). It takes the JSON encoding (OTEL_EXPORTER_OTLP_PROTOCOL=http/json):
 * ids as hex, the span kind as its number. Anything else is refused as a collector would.
 */

export const SPAN_KIND = { server: 2, client: 3 } as const;

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
type Attribute = { key: string; value: AnyValue };

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  scope: string;
  attributes: Record<string, string | number | boolean | undefined>;
  resource: Record<string, string | number | boolean | undefined>;
}

export interface OtlpReceiver extends StandIn {
  spans(): ReceivedSpan[];
}

interface ExportRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: Attribute[] };
    scopeSpans?: Array<{
      scope?: { name?: string };
      spans?: Array<
        Omit<ReceivedSpan, 'attributes' | 'resource' | 'scope'> & { attributes?: Attribute[] }
      >;
    }>;
  }>;
}

const flat = (attributes: Attribute[] = []) =>
  Object.fromEntries(
    attributes.map(({ key, value }) => [
      key,
      value.stringValue ??
        (value.intValue === undefined ? value.boolValue : Number(value.intValue)),
    ]),
  );

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const received: ReceivedSpan[] = [];
  const standIn = await startStandIn((request) => {
    if (request.method !== 'POST' || request.path !== '/v1/traces') return { status: 404 };
    if (!String(request.headers['content-type']).startsWith('application/json'))
      return { status: 415 };
    const body = request.json as ExportRequest | undefined;
    if (!body?.resourceSpans) return { status: 400 };
    for (const { resource, scopeSpans = [] } of body.resourceSpans)
      for (const { scope, spans = [] } of scopeSpans)
        for (const span of spans)
          received.push({
            ...span,
            scope: scope?.name ?? '',
            attributes: flat(span.attributes),
            resource: flat(resource?.attributes),
          });
    return { status: 200, body: {} };
  });
  return { ...standIn, spans: () => [...received] };
}
