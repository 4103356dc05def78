import { loadavg } from 'node:os';
import { CPU_SLOWDOWN, PHONE_WINDOW, throttledInp, type Inp } from './support/inp.ts';
import { chrome, launch } from './support/lighthouse.ts';
import { ms } from './support/report.ts';
import { startServer } from './support/servers.ts';
import { freshStore } from './support/stores.ts';
import { throttledTransitions } from './support/transitions.ts';
import { ensureWizardBuilt } from './support/wizard-build.ts';

/*
 * `npm run bench:inp [-- --runs=5] [-- --payment] [-- --window=800,600] [-- --transitions]`: only the "INP with the
 * CPU slowed 4x" walk of the web benchmark (src/support/inp.ts), run several times against one
 * production server, each run's figures printed with the spread. For working on one interaction
 * without the whole bench (bench/README.md, "Running"); it writes nothing, RESULTS.md included.
 * `--payment` throttles the payment form only (the calendar is walked unthrottled); `--window`
 * launches Chromium with another window size than PHONE_WINDOW (800,600 is headless Chromium's
 * own, as the bench had it before). `--transitions` walks the "Step transitions with the CPU slowed
 * 4x" instead (src/support/transitions.ts).
 */
const argv = process.argv.slice(2);
const windowSize = argv.find((a) => a.startsWith('--window='))?.slice('--window='.length);
const runs = Number(argv.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 3);
const paymentOnly = argv.includes('--payment');
const transitionsOnly = argv.includes('--transitions');

const why = ensureWizardBuilt();
if (why) throw new Error(why);
console.log(
  `Chromium ${chrome}, window ${windowSize ?? PHONE_WINDOW.join(' ')}; load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(', ')}`,
);
const store = await freshStore('pglite', 'web-inp');
const server = await startServer('real', { ...store.env, ADDRESS_INDEX_SIZE: '2000' });
const say = (r: Inp | undefined) =>
  r
    ? `${ms(r.inp)} ('${r.worst}' of ${r.interactions}${r.phases ? `: input delay ${ms(r.phases.inputDelay)}, processing ${ms(r.phases.processing)}, presentation ${ms(r.phases.presentation)}` : ''})`
    : 'n/a';
const figures: Record<string, number[]> & Record<'calendar' | 'payment', number[]> = {
  calendar: [],
  payment: [],
};
try {
  for (let i = 0; transitionsOnly && i < runs; i++) {
    const browser = await launch(windowSize ? [`--window-size=${windowSize}`] : PHONE_WINDOW);
    try {
      const r = await throttledTransitions(browser, server.base);
      if (r.problem) console.log(`run ${i + 1}: ${r.problem}`);
      for (const t of r.transitions) (figures[t.name] ??= []).push(t.ms);
      console.log(
        `run ${i + 1}: ${r.transitions.map((t) => `${t.name} ${ms(t.ms)}`).join('; ')}; load ${loadavg()[0]!.toFixed(2)}`,
      );
    } finally {
      await browser.close();
    }
  }
  for (let i = 0; !transitionsOnly && i < runs; i++) {
    const browser = await launch(windowSize ? [`--window-size=${windowSize}`] : PHONE_WINDOW);
    try {
      const r = await throttledInp(browser, server.base, { calendar: !paymentOnly });
      if (r.problem) console.log(`run ${i + 1}: ${r.problem}`);
      if (r.calendar) figures.calendar.push(r.calendar.inp);
      if (r.payment) figures.payment.push(r.payment.inp);
      console.log(
        `run ${i + 1}: ${paymentOnly ? '' : `calendar ${say(r.calendar)}; `}payment ${say(r.payment)}; load ${loadavg()[0]!.toFixed(2)}`,
      );
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.stop();
  await store.remove();
}
for (const [name, values] of Object.entries(figures)) {
  if (!values.length) continue;
  const sorted = [...values].sort((a, b) => a - b);
  console.log(
    `${name} (${CPU_SLOWDOWN}x CPU slowdown), ${sorted.length} run(s): median ${ms(sorted[Math.floor((sorted.length - 1) / 2)]!)}, from ${ms(sorted[0]!)} to ${ms(sorted.at(-1)!)}`,
  );
}
