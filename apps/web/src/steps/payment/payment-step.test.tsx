// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { agreementWords } from '@fibre/domain/consent';
import { describe, expect, it } from 'vitest';
import type { WizardState } from '../../shared/store/state.ts';
import { withCatalogue } from '../../test-support/catalogue.ts';
import { renderInWizard, siteWith } from '../../test-support/render.tsx';
import { demoRules } from '../../test-support/rules.ts';
import { contactDoneState } from '../../test-support/wizard-state.ts';
import { PaymentStep } from './payment-step.tsx';

// docs/rules/contact-and-connection.md#payment-step-6: the boxes' words are the ones the server
// records (the domain's agreementWords), the terms are linked beside their box in a new tab, and
// the marketing box has the catalogue's words and starts unticked.

const state: WizardState = { ...contactDoneState, step: 6 };
const legal = {
  ...siteWith(demoRules).legal,
  terms: {
    title: 'Acme Customer Terms',
    url: 'https://acme.example/legal/terms',
    version: '4',
  },
  marketingWords: 'Email me Acme deals and news',
};

function renderPayment(over: Partial<typeof legal> = {}) {
  renderInWizard(<PaymentStep />, {
    state,
    queryClient: withCatalogue(state),
    legal: { ...legal, ...over },
  });
}

describe('the payment step’s agreements', () => {
  it('shows exactly the words the server records', async () => {
    renderPayment();
    // Boost 100 $79 + Wi-Fi 6 Router $10 + static IP $9; greenfield: the $300 charge.
    expect(
      await screen.findByRole('checkbox', { name: agreementWords.monthlyCharge(98) }),
    ).toBeTruthy();
    expect(
      screen.getByRole('checkbox', { name: agreementWords.newDevelopmentCharge(300) }),
    ).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: agreementWords.terms })).toBeTruthy();
  });

  it("links the catalogue's terms beside their box, outside its label, in a new tab", async () => {
    renderPayment();
    const box = await screen.findByRole('checkbox', { name: agreementWords.terms });
    const link = screen.getByRole('link', { name: 'Acme Customer Terms (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://acme.example/legal/terms');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // Following the link must not tick the box: it is not in the label.
    expect(link.closest('label')).toBeNull();
    expect(box.closest('.acceptance')!.contains(link)).toBe(true);
  });

  it('has no terms link when the catalogue names no terms', async () => {
    renderPayment({ terms: undefined });
    await screen.findByRole('checkbox', { name: agreementWords.terms });
    expect(screen.queryByRole('link', { name: /opens in a new tab/ })).toBeNull();
  });

  it("gives the optional marketing box the catalogue's words, unticked", async () => {
    renderPayment();
    const box = await screen.findByRole('checkbox', { name: 'Email me Acme deals and news' });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('checkbox', { name: 'Send me news and offers by email' })).toBeNull();
  });
});
