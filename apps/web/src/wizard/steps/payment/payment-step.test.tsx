// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { agreementWords } from '@fibre/domain/consent';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WizardState } from '../../store/state.ts';
import { withCatalogue } from '../../../test-support/catalogue.ts';
import { renderInWizard, siteWith } from '../../../test-support/render.tsx';
import { demoRules } from '../../../test-support/rules.ts';
import { contactDoneState } from '../../../test-support/wizard-state.ts';
import { PaymentStep } from './payment-step.tsx';

// docs/rules/contact-and-connection.md#payment-step-6: the boxes' words are the ones the server
// records (the domain's agreementWords), the terms are linked beside their box in a new tab, and
// the marketing box has the catalogue's words and starts unticked.

const state: WizardState = { ...contactDoneState, step: 'payment' };
const legal = {
  ...siteWith(demoRules).legal,
  terms: {
    title: 'Acme Customer Terms',
    url: 'https://acme.example/legal/terms',
    version: '4',
  },
  marketingWords: 'Email me Acme deals and news',
};

// The step asks the vault whether direct debit is offered (docs/rules/contact-and-connection.md#direct-debit):
// here it is not, unless a test says otherwise.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ document: null }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

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

// docs/rules/contact-and-connection.md, "The error summary" and "Payment (step 6)": Submit checks
// the card and the agreements at once; only the wrong card fields are marked.
describe('the payment step’s error summary', () => {
  afterEach(() => vi.unstubAllGlobals());

  const field = (name: string) => screen.getByRole('textbox', { name });
  const type = (name: string, value: string) =>
    fireEvent.change(field(name), { target: { value } });
  const invalid = () =>
    ['Card number', 'Expiry', 'CVV', 'Cardholder name'].filter(
      (name) => field(name).getAttribute('aria-invalid') === 'true',
    );
  async function tickAgreements() {
    for (const name of [
      agreementWords.monthlyCharge(98),
      agreementWords.newDevelopmentCharge(300),
      agreementWords.terms,
    ])
      fireEvent.click(await screen.findByRole('checkbox', { name }));
  }

  it('everything empty: every problem in the summary, which takes focus', async () => {
    renderPayment();
    await screen.findByRole('textbox', { name: 'Card number' });
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(
      within(summary)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Card number is required',
      'Expiry is required',
      'CVV is required',
      'Cardholder name is required',
      'Please agree to a monthly charge of $98',
      'Please agree to the New Development Charge of $300',
      'Please confirm that you have read and agree to the terms and conditions of your plan.',
    ]);
    // The card error, as the rules word it, and every empty card field marked.
    expect(
      screen.getByText('Credit card is invalid, please check details and try again.'),
    ).toBeTruthy();
    expect(invalid()).toEqual(['Card number', 'Expiry', 'CVV', 'Cardholder name']);
    fireEvent.click(within(summary).getByRole('link', { name: 'CVV is required' }));
    expect(document.activeElement).toBe(field('CVV'));
    fireEvent.click(within(summary).getByRole('link', { name: /^Please confirm/ }));
    expect(document.activeElement).toBe(
      screen.getByRole('checkbox', { name: agreementWords.terms }),
    );
  });

  it('one wrong card field: only it is marked, and the card is not sent', async () => {
    const fetch = vi.fn();
    renderPayment();
    await screen.findByRole('textbox', { name: 'Card number' });
    vi.stubGlobal('fetch', fetch);
    type('Card number', '4111 1111 1111 1111');
    type('Expiry', '12/34');
    type('CVV', '12');
    type('Cardholder name', "Mary O'Brien");
    await tickAgreements();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['CVV must be 3 or 4 digits']);
    expect(invalid()).toEqual(['CVV']);
    expect(field('CVV').getAttribute('aria-describedby')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("the vault's refusal of an expired card marks Expiry only, with its message", async () => {
    renderPayment();
    await screen.findByRole('textbox', { name: 'Card number' });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              error: 'card_invalid',
              message: 'Credit card is invalid, please check details and try again.',
              fields: { expiry_month: 'This card has expired' },
            }),
            { status: 422, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    type('Card number', '4111 1111 1111 1111');
    type('Expiry', '10/26');
    type('CVV', '123');
    type('Cardholder name', "Mary O'Brien");
    await tickAgreements();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(
      within(summary)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['This card has expired']);
    expect(invalid()).toEqual(['Expiry']);
    expect(
      screen.getByText('Credit card is invalid, please check details and try again.'),
    ).toBeTruthy();
  });

  it.each([
    ['no answer (offline)', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 503 from the vault', async () => new Response('{}', { status: 503 })],
  ])(
    'the vault out of reach (%s): the connection message, no field marked, no card error',
    async (_why, answer) => {
      renderPayment();
      await screen.findByRole('textbox', { name: 'Card number' });
      vi.stubGlobal('fetch', vi.fn(answer));
      type('Card number', '4111 1111 1111 1111');
      type('Expiry', '12/34');
      type('CVV', '123');
      type('Cardholder name', "Mary O'Brien");
      await tickAgreements();
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      expect((await screen.findByText(/^We could not reach our payment service/)).textContent).toBe(
        'We could not reach our payment service. Check your connection and press Submit again. You have not been charged.',
      );
      expect(invalid()).toEqual([]);
      expect(
        screen.queryByText('Credit card is invalid, please check details and try again.'),
      ).toBeNull();
      expect(screen.queryByRole('alert', { name: 'There is a problem' })).toBeNull();
    },
  );
});

// docs/rules/contact-and-connection.md#check-your-answers and docs/rules/wizard-flow.md.
describe('the payment step’s check-your-answers', () => {
  const held: WizardState = {
    ...state,
    reservations: {
      reservation: {
        reservation_id: 'r-1',
        event_id: 'e-1',
        expires_at: new Date(Date.now() + 600_000).toISOString(),
      },
      slot: {
        booking_id: 'b-1',
        start: '2026-12-04T00:00:00.000Z',
        end: '2026-12-04T02:00:00.000Z',
        formattedAddress: state.address.value!.formatted_address,
      },
      lost: false,
      booked: false,
    },
  };

  it('lists the contact, the unit and address, the window in its zone and the method, each with its Change link', async () => {
    renderInWizard(<PaymentStep />, { state: held, queryClient: withCatalogue(held), legal });
    const answers = await screen.findByRole('region', { name: 'Check your answers' });
    const text = answers.textContent ?? '';
    for (const words of ['Mary Smith', 'mary@example.com', '0412 345 678', 'Card']) {
      expect(text).toContain(words);
    }
    // Midnight UTC is 8:00am in Perth (the address's state, WA), not the browser's zone.
    expect(text).toContain('Friday 4th December');
    expect(text).toContain('Arrival between 8:00am and 10:00am');
    expect(
      within(answers)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Change contact details', 'Change unit and address', 'Change installation time']);
  });

  it.each([
    [98, true],
    // Ticked for another amount (a code validated since): not this one.
    [89, false],
  ])(
    'ticks the boxes as the visitor left them (the charge ticked at $%i)',
    async (amount, monthlyTicked) => {
      const left: WizardState = {
        ...held,
        signup: {
          ...held.signup,
          paymentDraft: {
            monthlyCharge: true,
            monthlyAmount: amount,
            newDevelopmentCharge: false,
            terms: true,
            marketing: false,
            directDebit: false,
            method: 'card',
          },
        },
      };
      renderInWizard(<PaymentStep />, { state: left, queryClient: withCatalogue(left), legal });
      const box = (name: string) =>
        screen.findByRole<HTMLInputElement>('checkbox', { name }).then((b) => b.checked);
      expect(await box(agreementWords.monthlyCharge(98))).toBe(monthlyTicked);
      expect(await box(agreementWords.newDevelopmentCharge(300))).toBe(false);
      expect(await box(agreementWords.terms)).toBe(true);
    },
  );
});

// docs/rules/contact-and-connection.md#direct-debit: with the vault's Direct Debit Request, the
// step offers the bank account beside the card, with its own fields, messages and box.
describe('the payment step’s direct debit', () => {
  afterEach(() => vi.unstubAllGlobals());

  const ddr = {
    title: 'Direct Debit Request and service agreement',
    url: 'https://acme.example/legal/ddr',
    version: '2026-11',
  };
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });

  it('is not offered when the vault names no Direct Debit Request', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { document: null })),
    );
    renderPayment();
    await screen.findByRole('textbox', { name: 'Card number' });
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.queryByRole('radio', { name: 'Bank account (direct debit)' })).toBeNull();
  });

  it('swaps the card for the bank account, names each empty field and the DDR box, and sends nothing', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(String(url));
        return answer(200, { document: ddr });
      }),
    );
    renderPayment();
    fireEvent.click(await screen.findByRole('radio', { name: 'Bank account (direct debit)' }));
    expect(screen.queryByRole('textbox', { name: 'Card number' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'BSB' })).toBeTruthy();
    const link = await screen.findByRole('link', {
      name: 'Direct Debit Request and service agreement (opens in a new tab)',
    });
    expect(link.getAttribute('href')).toBe(ddr.url);

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Account name is required',
      'BSB is required',
      'Account number is required',
      'Please agree to a monthly charge of $98',
      'Please agree to the New Development Charge of $300',
      'Please confirm that you have read and agree to the terms and conditions of your plan.',
      'Please read and agree to the Direct Debit Request and service agreement',
    ]);
    expect(
      screen.getByText('Bank account details are invalid, please check them and try again.'),
    ).toBeTruthy();
    fireEvent.click(within(summary).getByRole('link', { name: 'BSB is required' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'BSB' }));
    expect(calls.filter((url) => url.includes('bank-accounts'))).toEqual([]);

    // Back to the card: the DDR box and its message go.
    fireEvent.click(screen.getByRole('radio', { name: 'Card' }));
    await screen.findByRole('textbox', { name: 'Card number' });
    expect(screen.queryByText(/Direct Debit Request/)).toBeNull();
  });

  it('shows six BSB digits as 000-000', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { document: ddr })),
    );
    renderPayment();
    fireEvent.click(await screen.findByRole('radio', { name: 'Bank account (direct debit)' }));
    const bsb = screen.getByRole('textbox', { name: 'BSB' }) as HTMLInputElement;
    fireEvent.change(bsb, { target: { value: '062000' } });
    expect(bsb.value).toBe('062-000');
  });
});
