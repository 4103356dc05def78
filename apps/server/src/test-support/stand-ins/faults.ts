import type { RecordedRequest, Reply } from './recorder.ts';

/** A failure a test asks a stand-in for: the next `times` requests matching answer this way. */
export interface Fault {
  method: string;
  path: RegExp;
  reply: Reply | 'hang' | 'drop';
  times: number;
}

export function faultList() {
  const faults: Fault[] = [];
  return {
    /** Makes the next matching request(s) fail; `times` defaults to every one. */
    fail(method: string, path: RegExp, reply: Fault['reply'], times = Infinity) {
      faults.push({ method, path, reply, times });
    },
    clear() {
      faults.length = 0;
    },
    take(request: RecordedRequest): Fault['reply'] | undefined {
      const fault = faults.find(
        (f) => f.times > 0 && f.method === request.method && f.path.test(request.path),
      );
      if (!fault) return undefined;
      fault.times -= 1;
      return fault.reply;
    },
  };
}
