// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Campaign, Coupon } from '@fibre/domain/api';
import { freeMonthsDiscount } from '@fibre/domain/offers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withCatalogue } from '../../../test-support/catalogue.ts';
import { fakeServer } from '../../../test-support/fake-server.ts';
import { renderInWizard } from '../../../test-support/render.tsx';
import { orderState } from '../../../test-support/wizard-state.ts';
import type { WizardState } from '../../store/state.ts';
import { PromoCode } from './promo-code.tsx';

// The offer code at payment (docs/rules/offers-and-coupons.md), through the one offer code hook
// (wizard/offers/use-offer-code.ts): the coupon call is stubbed at fetch, each answer released by
// the test, so the order in which answers arrive is the test's to choose.

const state: WizardState = { ...orderState, step: 'payment' };

const coupon = (id: string, over: Partial<Coupon> = {}): Coupon => ({
  coupon_id: id,
  coupon_type: 1,
  period: 1,
  period_unit: 'month',
  dollar_amount: null,
  percentage: 100,
  plan_ids: [],
  ...over,
});

const buildingCampaign: Campaign = {
  id: 'spring',
  name: 'Spring offer',
  rsp: 'demo',
  startDate: '2026-01-01T00:00:00.000Z',
  endDate: '2027-01-01T00:00:00.000Z',
  terms: '',
  couponCode: 'SPRING2MF',
  monthsFree: 2,
  referral: false,
  moveIn: false,
};

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
});
afterEach(() => vi.unstubAllGlobals());

function renderCode(campaign: Campaign | null = null) {
  renderInWizard(<PromoCode />, { state, queryClient: withCatalogue(state, { campaign }) });
  return screen.getByRole('textbox', { name: 'Promo code' });
}

function send(input: HTMLElement, code: string) {
  fireEvent.change(input, { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
}

async function answer(index: number, status: number, body: unknown) {
  await waitFor(() => expect(server.coupons().length).toBeGreaterThan(index));
  await act(async () => server.coupons()[index]!.respond(status, body));
}

describe('the promo code (the offer code hook)', () => {
  it('applies a valid code for the chosen plan and says so', async () => {
    const input = renderCode();
    send(input, 'wwomf');
    await answer(0, 202, coupon('WWOMF'));
    expect(server.couponCodes()[0]).toBe('WWOMF');
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      `Promo code WWOMF applied: ${freeMonthsDiscount(1).in_words}`,
    );
    expect(screen.queryByText('Coupon is invalid')).toBeNull();
  });

  it("says 'Coupon is invalid' for a refused code, with Try again", async () => {
    const input = renderCode();
    send(input, 'NOPE');
    await answer(0, 404, { message: 'not found' });
    expect(await screen.findByText('Coupon is invalid')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.queryByText('Coupon is invalid')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('asks which offer to keep when the code differs from the current one', async () => {
    const input = renderCode(buildingCampaign);
    send(input, 'WWOMF');
    await answer(0, 202, coupon('WWOMF'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Offer' });
    expect(dialog.textContent).toContain('Only one offer can apply to your order.');
    fireEvent.click(
      screen.getByRole('button', {
        name: `Keep my current offer: ${freeMonthsDiscount(2).in_words}`,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe(
      `You kept your current offer: ${freeMonthsDiscount(2).in_words}`,
    );

    send(input, 'WWOMF');
    await answer(1, 202, coupon('WWOMF'));
    fireEvent.click(
      await screen.findByRole('button', { name: `Use WWOMF: ${freeMonthsDiscount(1).in_words}` }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        `Promo code WWOMF applied: ${freeMonthsDiscount(1).in_words}`,
      ),
    );
  });

  it("drops an older code's late refusal once a newer code was sent", async () => {
    const input = renderCode();
    send(input, 'OLDCODE');
    await waitFor(() => expect(server.coupons()).toHaveLength(1));
    // Typing again drops the older check: the newer code can be sent at once.
    send(input, 'WWOMF');
    await answer(1, 202, coupon('WWOMF'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('WWOMF applied'));
    // The older code's refusal arrives last: it must not win.
    await answer(0, 404, { message: 'not found' });
    expect(screen.queryByText('Coupon is invalid')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByRole('status').textContent).toContain('Promo code WWOMF applied');
  });
});
