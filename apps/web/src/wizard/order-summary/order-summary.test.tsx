// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { withCatalogue } from '../../test-support/catalogue.ts';
import { renderInWizard, siteWith } from '../../test-support/render.tsx';
import { acmeRules, demoRules } from '../../test-support/rules.ts';
import { orderState } from '../../test-support/wizard-state.ts';
import { setCardScheme } from './card-scheme.ts';
import { OrderSummary } from './order-summary.tsx';

// Boost 100 $79 + Wi-Fi 6 Router $10 + the static IP, at a greenfield building.
const allParts =
  "first month's plan, router and add-ons, the New Development Charge and the card surcharge";

describe('the order summary under the catalogue rules', () => {
  afterEach(() => setCardScheme(null));

  it("prices the demo's static IP and charge, and an American Express card's surcharge on each payment as charged", () => {
    setCardScheme('amex');
    renderInWizard(<OrderSummary minimumTotal />, {
      state: orderState,
      domain: demoRules,
      queryClient: withCatalogue(orderState, { domain: demoRules }),
    });
    // 98 a month (1.5% is 1.47); 98 + 300 at activation (1.5% is 5.97): each fee of what is charged.
    expect(screen.getByText(`Minimum total cost $403.97: ${allParts}`)).toBeTruthy();
    expect(screen.getByText(/^includes \$1\.47 /)).toBeTruthy();
    expect(screen.getByText(/^includes \$5\.97 /)).toBeTruthy();
    expect(screen.getByText('Monthly charge')).toBeTruthy();
    expect(screen.getByText('First payment')).toBeTruthy();
    // No window held yet: when, without a date.
    expect(screen.getByText('15 days after activation')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(
      /Due at activation|Monthly total|One-off charges|Card processing fee/,
    );
    expect(screen.getByText('$9')).toBeTruthy();
  });

  it("prices another provider's: its static IP, charge and minimum total cost, with no fee on a Visa", () => {
    setCardScheme('visa');
    renderInWizard(<OrderSummary minimumTotal />, {
      state: orderState,
      domain: acmeRules,
      queryClient: withCatalogue(orderState, { domain: acmeRules }),
    });
    // 101.50 a month; 101.50 + 450 at activation; nothing for a Visa.
    expect(
      screen.getByText(
        "Minimum total cost $551.50: first month's plan, router and add-ons, and the New Development Charge",
      ),
    ).toBeTruthy();
    expect(screen.getByText('$12.50')).toBeTruthy();
    expect(screen.getByText('$450')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/includes \$|surcharge/i);
  });

  it('shows the minimum total cost only where asked (the payment step)', () => {
    renderInWizard(<OrderSummary />, { state: orderState, queryClient: withCatalogue(orderState) });
    expect(screen.queryByText(/Minimum total cost/)).toBeNull();
  });

  it('shows no card fee and no words about it when the surcharge is 0%', () => {
    // An American Express card where the catalogue sets its fee at 0.
    setCardScheme('amex');
    const noSurcharge = {
      ...demoRules,
      cardFees: { ...demoRules.cardFees, amex: { ...demoRules.cardFees.amex, percent: 0 } },
    };
    renderInWizard(<OrderSummary minimumTotal />, {
      state: orderState,
      domain: noSurcharge,
      queryClient: withCatalogue(orderState, { domain: noSurcharge }),
    });
    // 98 + 300 at activation, and nothing for the card.
    expect(
      screen.getByText(
        "Minimum total cost $398: first month's plan, router and add-ons, and the New Development Charge",
      ),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/card (processing )?fee|surcharge/i);
  });

  it("lists the catalogue's other charges from the plan step on, not only at payment", () => {
    const legal = {
      ...siteWith(demoRules).legal,
      otherCharges: [
        { name: 'Missed appointment fee', amount: 99, when: 'if nobody is home for the window' },
        { name: 'Early cancellation fee', amount: 150.5, when: 'if cancelled on the day' },
      ],
    };
    const { unmount } = renderInWizard(<OrderSummary minimumTotal />, {
      state: orderState,
      queryClient: withCatalogue(orderState),
      legal,
    });
    const list = screen.getByRole('region', { name: 'Other charges you may have to pay' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Missed appointment fee $99.00 — if nobody is home for the window',
      'Early cancellation fee $150.50 — if cancelled on the day',
    ]);
    unmount();
    // The plan step's summary (no minimum total yet) lists them too.
    renderInWizard(<OrderSummary />, {
      state: orderState,
      queryClient: withCatalogue(orderState),
      legal,
    });
    expect(
      screen.getByRole('region', { name: 'Other charges you may have to pay' }).textContent,
    ).toContain('Early cancellation fee $150.50 — if cancelled on the day');
  });
});
