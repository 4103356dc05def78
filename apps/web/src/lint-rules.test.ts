import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The workspace's lint configuration keeps the web app's shape: hooks used as React requires,
// shared/ <- wizard/, admin/, order-page/, resume/ one way, in the wizard its own folders <- steps/
// <- shell/, each step folder on its own, and only wizard/shell/steps.ts and later-steps.ts (the
// lazy step map) knowing the steps. These cases prove the rules fire where they should. The snippets' files are not on disk, which
// import/no-cycle cannot walk, so that rule (tested in packages/domain) is off here.
const eslint = new ESLint({
  cwd: new URL('../../..', import.meta.url).pathname,
  overrideConfig: { rules: { 'import/no-cycle': 'off' } },
});

async function findings(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

const paymentStep = "import { PaymentStep } from '../../steps/payment/payment-step.tsx';";
const uses = '\nexport const used = PaymentStep;';
/** An import of `name` from `path`, used so that it is not unused. */
const importOf = (name: string, path: string) =>
  `import { ${name} } from '${path}';\nexport const used = ${name};`;
/** The console's and the order page's components, from a file `up` folders below src/. */
const consolePage = (up: string) => importOf('ConsoleApp', `${up}admin/console.tsx`);
const orderPage = (up: string) => importOf('OrderPage', `${up}order-page/order-page.tsx`);

describe('hooks in the wizard', () => {
  it('refuses a hook called conditionally', async () => {
    const code = [
      "import { useState } from 'react';",
      'export function Example({ open }: { open: boolean }) {',
      '  if (open) useState(0);',
      '  return null;',
      '}',
    ].join('\n');
    expect(await findings(code, 'apps/web/src/shared/ui/example.tsx')).toEqual([
      expect.stringMatching(
        /^react-hooks\/rules-of-hooks: React Hook "useState" is called conditionally/,
      ),
    ]);
  });

  it('refuses an effect that leaves out what it reads', async () => {
    const code = [
      "import { useEffect } from 'react';",
      'export function Example({ title }: { title: string }) {',
      '  useEffect(() => {',
      '    document.title = title;',
      '  }, []);',
      '  return null;',
      '}',
    ].join('\n');
    expect(await findings(code, 'apps/web/src/shared/ui/example.tsx')).toEqual([
      expect.stringMatching(/^react-hooks\/exhaustive-deps: .* missing dependency: 'title'/),
    ]);
  });
});

describe('import boundaries in the wizard', () => {
  it('refuses a step importing another step, statically or lazily', async () => {
    const file = 'apps/web/src/wizard/steps/build-plan/example.ts';
    const message = /^import\/no-restricted-paths: .* A step never imports another step/;
    expect(await findings(paymentStep + uses, file)).toEqual([expect.stringMatching(message)]);
    const lazily = "export const load = () => import('../payment/payment-step.tsx');";
    expect(await findings(lazily, file)).toEqual([expect.stringMatching(message)]);
  });

  it('allows a step its own folder', async () => {
    const code = "import { PaymentStep } from './payment-step.tsx';" + uses;
    expect(await findings(code, 'apps/web/src/wizard/steps/payment/example.ts')).toEqual([]);
  });

  it('refuses the shell importing a step, except the step map', async () => {
    const step = importOf('PaymentStep', '../steps/payment/payment-step.tsx');
    expect(await findings(step, 'apps/web/src/wizard/shell/example.ts')).toEqual([
      expect.stringMatching(
        /^import\/no-restricted-paths: .* The shell imports a step only through/,
      ),
    ]);
    expect(await findings(step, 'apps/web/src/wizard/shell/steps.ts')).toEqual([]);
    expect(await findings(step, 'apps/web/src/wizard/shell/later-steps.ts')).toEqual([]);
  });

  it('allows the shell shared/', async () => {
    const code = importOf('Button', '../../shared/ui/button.tsx');
    expect(await findings(code, 'apps/web/src/wizard/shell/example.ts')).toEqual([]);
  });

  it('refuses the shell importing the console or the order page', async () => {
    const message = /^import\/no-restricted-paths: .* The wizard never imports the console/;
    for (const code of [consolePage('../../'), orderPage('../../')])
      expect(await findings(code, 'apps/web/src/wizard/shell/example.ts')).toEqual([
        expect.stringMatching(message),
      ]);
    // The step map too.
    expect(await findings(consolePage('../../'), 'apps/web/src/wizard/shell/steps.ts')).toEqual([
      expect.stringMatching(message),
    ]);
  });

  it('refuses shared/ importing the wizard, the console, the order page or the resume page', async () => {
    const file = 'apps/web/src/shared/ui/example.ts';
    const message =
      /^import\/no-restricted-paths: .* shared\/ imports none of wizard\/, admin\/, order-page\/ and resume\//;
    for (const code of [
      importOf('PaymentStep', '../../wizard/steps/payment/payment-step.tsx'),
      consolePage('../../'),
      orderPage('../../'),
      importOf('App', '../../wizard/shell/app.tsx'),
      // The wizard's own folders too: what only the wizard uses lives under wizard/.
      importOf('useWizard', '../../wizard/store/store-context.tsx'),
      importOf('HoldTimer', '../../wizard/hold/hold-timer.tsx'),
      importOf('showTrouble', '../../resume/link-trouble.tsx'),
    ])
      expect(await findings(code, file)).toEqual([expect.stringMatching(message)]);
    // An adapter left in shared/ too.
    const adapter = 'apps/web/src/shared/adapters/error-reporting/example.ts';
    expect(
      await findings(importOf('useWizard', '../../../wizard/store/store-context.tsx'), adapter),
    ).toEqual([expect.stringMatching(message)]);
  });

  it("refuses the wizard's own folders importing a step or the shell", async () => {
    const message =
      /^import\/no-restricted-paths: .* The wizard's own folders \(store\/, hold\/, ...\) import no step and not the shell/;
    for (const file of [
      'apps/web/src/wizard/store/example.ts',
      'apps/web/src/wizard/adapters/lead-form/example.ts',
    ])
      for (const code of [
        importOf(
          'PaymentStep',
          `${file.includes('adapters') ? '../../' : '../'}steps/payment/payment-step.tsx`,
        ),
        importOf('App', `${file.includes('adapters') ? '../../' : '../'}shell/app.tsx`),
      ])
        expect(await findings(code, file)).toEqual([expect.stringMatching(message)]);
  });

  it("allows a step the wizard's own folders and the resume page the wizard's saved state", async () => {
    const store = importOf('useWizard', '../../store/store-context.tsx');
    expect(await findings(store, 'apps/web/src/wizard/steps/payment/example.ts')).toEqual([]);
    const saved = importOf('STORAGE_KEY', '../wizard/store/persistence.ts');
    expect(await findings(saved, 'apps/web/src/resume/example.ts')).toEqual([]);
  });

  it('refuses the resume page anything of the wizard but its store', async () => {
    const step = importOf('PaymentStep', '../wizard/steps/payment/payment-step.tsx');
    expect(await findings(step, 'apps/web/src/resume/example.ts')).toEqual([
      expect.stringMatching(
        /^import\/no-restricted-paths: .* The finish-later link's page reads the wizard's saved state/,
      ),
    ]);
  });

  it('refuses a step importing the console, the order page or the shell', async () => {
    const file = 'apps/web/src/wizard/steps/payment/example.ts';
    const message =
      /^import\/no-restricted-paths: .* A step never imports the console, the order page or the shell/;
    const shell = importOf('App', '../../shell/app.tsx');
    for (const code of [consolePage('../../../'), orderPage('../../../'), shell])
      expect(await findings(code, file)).toEqual([expect.stringMatching(message)]);
  });

  it('refuses the console and the order page importing anything of the wizard', async () => {
    const message =
      /^import\/no-restricted-paths: .* The console and the order page import nothing of the wizard/;
    const step = importOf('PaymentStep', '../wizard/steps/payment/payment-step.tsx');
    const shell = importOf('App', '../wizard/shell/app.tsx');
    const store = importOf('useWizard', '../wizard/store/store-context.tsx');
    for (const file of ['apps/web/src/admin/example.ts', 'apps/web/src/order-page/example.ts'])
      for (const code of [step, shell, store])
        expect(await findings(code, file)).toEqual([expect.stringMatching(message)]);
  });

  it('refuses the console and the order page importing each other', async () => {
    expect(await findings(orderPage('../'), 'apps/web/src/admin/example.ts')).toEqual([
      expect.stringMatching(
        /^import\/no-restricted-paths: .* The console never imports the order page/,
      ),
    ]);
    expect(await findings(consolePage('../'), 'apps/web/src/order-page/example.ts')).toEqual([
      expect.stringMatching(
        /^import\/no-restricted-paths: .* The order page never imports the console/,
      ),
    ]);
  });

  it('allows the console and the order page shared/', async () => {
    const code = importOf('Button', '../shared/ui/button.tsx');
    expect(await findings(code, 'apps/web/src/admin/example.ts')).toEqual([]);
    expect(await findings(code, 'apps/web/src/order-page/example.ts')).toEqual([]);
  });
});

describe('lazily loaded parts', () => {
  const bare = [
    "import { lazy } from 'react';",
    "export const Part = lazy(() => import('./part.tsx'));",
  ].join('\n');

  it("refuses React's lazy(), which never asks for a failed chunk again", async () => {
    expect(await findings(bare, 'apps/web/src/wizard/steps/build-plan/example.tsx')).toEqual([
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .* Use lazyWithRetry/),
    ]);
  });

  it('allows it in lazyWithRetry itself', async () => {
    expect(await findings(bare, 'apps/web/src/shared/lazy/lazy-with-retry.ts')).toEqual([]);
  });
});
