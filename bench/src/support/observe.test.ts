import { describe, expect, it } from 'vitest';
import { growth, parsePrometheus, statementShape, total } from './observe.ts';

const before = `# HELP http_request_duration_seconds Time to answer a request
# TYPE http_request_duration_seconds histogram
http_request_duration_seconds_sum{method="POST",route="/api/v1/:rsp/install",status="201"} 1.5
http_request_duration_seconds_count{method="POST",route="/api/v1/:rsp/install",status="201"} 10
http_request_duration_seconds_sum{method="GET",route="/api/v1/public/plans",status="200"} 0.25
process_cpu_seconds_total 3
`;
const after = `http_request_duration_seconds_sum{method="POST",route="/api/v1/:rsp/install",status="201"} 4.5
http_request_duration_seconds_count{method="POST",route="/api/v1/:rsp/install",status="201"} 30
http_request_duration_seconds_sum{method="POST",route="/api/v1/:rsp/install",status="409"} 0.5
http_request_duration_seconds_sum{method="GET",route="/api/v1/public/plans",status="200"} 0.25
process_cpu_seconds_total 5.25
`;

describe('server metrics seen from the bench', () => {
  it('reads samples with their labels, leaving comments out', () => {
    const samples = parsePrometheus(before);
    expect(samples).toHaveLength(4);
    expect(samples[0]).toEqual({
      name: 'http_request_duration_seconds_sum',
      labels: { method: 'POST', route: '/api/v1/:rsp/install', status: '201' },
      value: 1.5,
    });
    expect(parsePrometheus('a{l="say \\"hi\\""} 2')[0]!.labels.l).toBe('say "hi"');
  });

  it('sums what grew during the load, by name and labels', () => {
    const grown = growth(parsePrometheus(before), parsePrometheus(after));
    const install = { method: /^POST$/, route: /\/install$/ };
    expect(total(grown, 'http_request_duration_seconds_sum', install)).toBe(3.5);
    expect(total(grown, 'http_request_duration_seconds_count', install)).toBe(20);
    expect(total(grown, 'http_request_duration_seconds_sum', { method: /^GET$/ })).toBe(0);
    expect(total(grown, 'process_cpu_seconds_total')).toBe(2.25);
  });

  it('names a statement by its first words, a select by its table', () => {
    expect(statementShape('select "capacity" from "slot_windows" where "id" = $1 for update')).toBe(
      'select from "slot_windows"',
    );
    expect(statementShape('insert into "orders"\n  ("id", "status") values ($1, $2)')).toBe(
      'insert into "orders"',
    );
    expect(statementShape('SELECT pg_advisory_xact_lock(4713, hashtext($1))')).toBe(
      'SELECT pg_advisory_xact_lock(4713, hashtext($1))',
    );
  });
});
