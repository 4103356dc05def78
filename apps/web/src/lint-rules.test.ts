import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The workspace's lint configuration keeps the wizard's shape: hooks used as React requires, each
// step folder on its own, and only app/shell/steps.ts (the lazy step map) knowing the steps. These
// cases prove the rules fire where they should. The snippets' files are not on disk, which
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

describe('hooks in the wizard', () => {
  it('refuses a hook called conditionally', async () => {
    const code = [
      "import { useState } from 'react';",
      'export function Example({ open }: { open: boolean }) {',
      '  if (open) useState(0);',
      '  return null;',
      '}',
    ].join('\n');
    expect(await findings(code, 'apps/web/src/app/ui/example.tsx')).toEqual([
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
    expect(await findings(code, 'apps/web/src/app/ui/example.tsx')).toEqual([
      expect.stringMatching(/^react-hooks\/exhaustive-deps: .* missing dependency: 'title'/),
    ]);
  });
});

describe('import boundaries in the wizard', () => {
  it('refuses a step importing another step, statically or lazily', async () => {
    const file = 'apps/web/src/steps/build-plan/example.ts';
    const message = /^import\/no-restricted-paths: .* A step never imports another step/;
    expect(await findings(paymentStep + uses, file)).toEqual([expect.stringMatching(message)]);
    const lazily = "export const load = () => import('../payment/payment-step.tsx');";
    expect(await findings(lazily, file)).toEqual([expect.stringMatching(message)]);
  });

  it('allows a step its own folder', async () => {
    const code = "import { PaymentStep } from './payment-step.tsx';" + uses;
    expect(await findings(code, 'apps/web/src/steps/payment/example.ts')).toEqual([]);
  });

  it('refuses app/ importing a step, except the step map', async () => {
    expect(await findings(paymentStep + uses, 'apps/web/src/app/shell/example.ts')).toEqual([
      expect.stringMatching(/^import\/no-restricted-paths: .* app\/ never imports a step/),
    ]);
    expect(await findings(paymentStep + uses, 'apps/web/src/app/shell/steps.ts')).toEqual([]);
  });

  it('refuses an adapter importing a step', async () => {
    expect(
      await findings(paymentStep + uses, 'apps/web/src/adapters/lead-form/example.ts'),
    ).toEqual([
      expect.stringMatching(/^import\/no-restricted-paths: .* An adapter never imports a step/),
    ]);
  });
});

describe('lazily loaded parts', () => {
  const bare = [
    "import { lazy } from 'react';",
    "export const Part = lazy(() => import('./part.tsx'));",
  ].join('\n');

  it("refuses React's lazy(), which never asks for a failed chunk again", async () => {
    expect(await findings(bare, 'apps/web/src/steps/build-plan/example.tsx')).toEqual([
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .* Use lazyWithRetry/),
    ]);
  });

  it('allows it in lazyWithRetry itself', async () => {
    expect(await findings(bare, 'apps/web/src/app/shell/lazy-with-retry.ts')).toEqual([]);
  });
});
