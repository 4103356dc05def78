// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withCatalogue } from '../../test-support/catalogue.ts';
import { renderInWizard } from '../../test-support/render.tsx';
import { acmeRules, demoRules } from '../../test-support/rules.ts';
import { orderState } from '../../test-support/wizard-state.ts';
import { OrderSummary } from './order-summary.tsx';

// Boost 100 $79 + Wi-Fi 6 Router $10 + the static IP, at a greenfield building.
const allParts =
  "first month's plan, router and add-ons, the New Development Charge and the card surcharge";

describe('the order summary under the catalogue rules', () => {
  it("prices the demo's static IP, fee and surcharge, and the minimum total cost at payment", () => {
    renderInWizard(<OrderSummary minimumTotal />, {
      state: orderState,
      domain: demoRules,
      queryClient: withCatalogue(orderState, { domain: demoRules }),
    });
    // 98 a month; 98 + 300 at activation; 1.5% of 98 is 1.47.
    expect(screen.getByText(`Minimum total cost $399.47: ${allParts}`)).toBeTruthy();
    expect(screen.getByText('Card processing fee (1.5%)')).toBeTruthy();
    expect(screen.getByText('$9')).toBeTruthy();
  });

  it("prices another provider's: its static IP, charge, card rate and minimum total cost", () => {
    renderInWizard(<OrderSummary minimumTotal />, {
      state: orderState,
      domain: acmeRules,
      queryClient: withCatalogue(orderState, { domain: acmeRules }),
    });
    // 101.50 a month; 101.50 + 450 at activation; 2% of 101.50 is 2.03.
    expect(screen.getByText(`Minimum total cost $553.53: ${allParts}`)).toBeTruthy();
    expect(screen.getByText('Card processing fee (2%)')).toBeTruthy();
    expect(screen.getByText('$12.50')).toBeTruthy();
    expect(screen.getByText('$450')).toBeTruthy();
  });

  it('shows the minimum total cost only where asked (the payment step)', () => {
    renderInWizard(<OrderSummary />, { state: orderState, queryClient: withCatalogue(orderState) });
    expect(screen.queryByText(/Minimum total cost/)).toBeNull();
  });
});
