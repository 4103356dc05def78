// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withCatalogue } from '../../../test-support/catalogue.ts';
import { fakeServer } from '../../../test-support/fake-server.ts';
import { renderInWizard } from '../../../test-support/render.tsx';
import { orderState } from '../../../test-support/wizard-state.ts';
import type { WizardState } from '../../store/state.ts';
import { BuildPlanStep } from './build-plan-step.tsx';

// The Build Plan step's offer codes (docs/rules/offers-and-coupons.md), through the one offer
// code hook: the link's pending code, and Add to cart's check of the order's coupon. The coupon
// call is stubbed at fetch and answered by the test.

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
});
afterEach(() => vi.unstubAllGlobals());

async function answer(index: number, status: number, body: unknown) {
  await waitFor(() => expect(server.coupons().length).toBeGreaterThan(index));
  await act(async () => server.coupons()[index]!.respond(status, body));
}

function renderStep(state: WizardState) {
  renderInWizard(<BuildPlanStep />, { state, queryClient: withCatalogue(state) });
}

describe('offer codes on the Build Plan step', () => {
  it("applies the link's code once the address and the catalogue are known", async () => {
    renderStep({ ...orderState, discount: { ...orderState.discount, pendingCode: 'WWOMF' } });
    await answer(0, 202, {
      coupon_id: 'WWOMF',
      coupon_type: 1,
      period: 1,
      period_unit: 'month',
      dollar_amount: null,
      percentage: 100,
      plan_ids: [],
    });
    expect(server.couponCodes()).toEqual(['WWOMF']);
    expect(await screen.findByRole('complementary', { name: 'Your offer' })).toBeTruthy();
    expect(screen.queryByText('Coupon is invalid')).toBeNull();
  });

  it("says 'Coupon is invalid' when the link's code is refused", async () => {
    renderStep({ ...orderState, discount: { ...orderState.discount, pendingCode: 'NOPE' } });
    await answer(0, 404, { message: 'not found' });
    expect(await screen.findByText('Coupon is invalid')).toBeTruthy();
  });

  it('Add to cart checks the promo code for the chosen plan; a refusal stays on the step', async () => {
    const withCode: WizardState = {
      ...orderState,
      discount: { ...orderState.discount, code: 'WWOMF' },
    };
    renderStep(withCode);
    fireEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    await answer(0, 404, { message: 'not found' });
    expect(server.couponCodes()).toEqual(['WWOMF']);
    expect(await screen.findByText('Coupon is invalid')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Build your plan');
  });
});
