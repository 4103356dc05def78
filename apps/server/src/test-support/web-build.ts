import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The files of a fake build's wizard page: the page's own script and a step's chunk and style. */
export const fakeAssets = {
  main: '/assets/main-abc123.js',
  planStep: '/assets/build-plan-step-9f8e7d.js',
  planStyle: '/assets/build-plan-step-5c4b3a.css',
} as const;

/**
 * A built wizard in a temporary directory, as apps/web/dist holds one: index.html with its
 * assets, and the console's and the order page's pages when asked for.
 */
export function fakeBuild({
  console: withConsole = false,
  order = false,
  resume = false,
} = {}): string {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html><head><title>Wizard</title><script type="module" src="${fakeAssets.main}"></script></head><body></body></html>`,
  );
  writeFileSync(join(dist, fakeAssets.main), 'console.log(1)');
  writeFileSync(join(dist, fakeAssets.planStep), 'export const BuildPlanStep = () => null;');
  writeFileSync(join(dist, fakeAssets.planStyle), '.plan { display: grid; }');
  if (withConsole) {
    writeFileSync(
      join(dist, 'admin.html'),
      '<!doctype html><html><head><title>Console</title><script type="module" src="/assets/admin-def456.js"></script></head><body></body></html>',
    );
    writeFileSync(join(dist, 'assets', 'admin-def456.js'), 'console.log(2)');
  }
  if (order) {
    writeFileSync(
      join(dist, 'order.html'),
      '<!doctype html><html><head><title>Your order</title><script type="module" src="/assets/order-0a1b2c.js"></script></head><body></body></html>',
    );
  }
  if (resume) {
    writeFileSync(
      join(dist, 'resume.html'),
      '<!doctype html><html><head><title>Finish your sign-up</title><script type="module" src="/assets/resume-3d4e5f.js"></script></head><body></body></html>',
    );
  }
  return dist;
}
