import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { npmScript, repoRoot } from '../test-support/process.ts';

const dir = mkdtempSync(join(tmpdir(), 'catalogue-card-fees-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const demoText = readFileSync(join(repoRoot, 'catalogue/demo.yaml'), 'utf8');

// docs/catalogue.md, fees.card: eftpos, Mastercard and Visa carry no surcharge from 1 October
// 2026, and the flat card_surcharge_percent is refused with the key that replaces it.
describe('npm run catalogue -- check: card fees by scheme', () => {
  it('refuses a Visa fee and the old flat rate, and prints the fees of a good file', async () => {
    const file = join(dir, 'visa-fee.yaml');
    writeFileSync(
      file,
      demoText
        .replace('visa: { percent: 0 }', 'visa: { percent: 1.5, words: Visa card surcharge }')
        .replace(
          '  new_development: 300\n',
          '  new_development: 300\n  card_surcharge_percent: 1.5\n',
        ),
    );
    const refused = await npmScript('catalogue', ['check', file]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(
      new RegExp(
        `${file}:\\d+ fees\\.card\\.visa\\.percent: must be 0: eftpos, Mastercard and Visa forbid a surcharge from 1 October 2026`,
      ),
    );
    expect(refused.err).toMatch(
      new RegExp(`${file}:\\d+ fees\\.card_surcharge_percent: is replaced by fees\\.card`),
    );

    const good = await npmScript('catalogue', ['check', 'catalogue/demo.yaml']);
    expect(good.code).toBe(0);
    expect(good.out).toContain(
      'card fees: American Express 1.5%; none on Visa, Mastercard, eftpos, Diners Club, Other cards',
    );
  });
});
