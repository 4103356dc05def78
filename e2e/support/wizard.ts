import { expect, type Locator, type Page } from '@playwright/test';
import { nextStep, type WizardStep } from '@fibre/domain/wizard';
import { expectPageName } from './checks.ts';
import { validContact, type DemoAddress } from './demo.ts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `name` as a whole phrase inside an accessible name: 'Boost 100' is not 'Boost 1000'. */
export const phrase = (name: string) => new RegExp(`(^|\\W)${escape(name)}($|\\W)`, 'i');

export interface ContactValues {
  firstName?: string;
  lastName?: string;
  email?: string;
  confirmEmail?: string;
  mobile?: string;
  howDidYouHear?: string;
}

/**
 * The wizard as a person sees it: every control is found by its role and the name
 * docs/rules/wizard-flow.md gives it, never by CSS class or test id.
 */
export class Wizard {
  constructor(readonly page: Page) {}

  /**
   * After the move that leaves `step` (its Continue, View plans, Add to cart): waits until the step
   * after it in the wizard's table shows (`arrivals`). Every move of a walk ends here, so a step
   * added to the table is one the walks wait for.
   */
  async left(step: WizardStep): Promise<void> {
    const next = nextStep(step);
    if (next === null) throw new Error(`the ${step} step is the last: nothing comes after it`);
    await arrivals[next](this);
  }

  /** Opens the wizard, optionally with query parameters (uniqueCode, moveIn, pc, ...). */
  async goto(query: Record<string, string> = {}): Promise<void> {
    const search = new URLSearchParams(query).toString();
    await this.page.goto(search ? `/?${search}` : '/');
  }

  // Step 1 -----------------------------------------------------------------------------------

  get addressField(): Locator {
    return this.page.getByRole('combobox', { name: 'Address', exact: true });
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** The open modal (availability, router compatibility, ...). */
  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  /** A modal by its heading (docs/rules/wizard-flow.md: dialogs). */
  dialogWithHeading(heading: string): Locator {
    return this.page
      .getByRole('dialog')
      .filter({ has: this.page.getByRole('heading', { name: heading, exact: true }) });
  }

  /** Types part of the address, picks the suggestion and presses Submit; returns the dialog. */
  async checkAddress(address: Pick<DemoAddress, 'address' | 'typed'>): Promise<Locator> {
    await this.addressField.fill(address.typed);
    await this.page.getByRole('option', { name: address.address }).click();
    await this.button('Submit').click();
    await expect(this.dialog).toBeVisible();
    return this.dialog;
  }

  /** Step 1 to step 2 through 'View plans' in the available dialog. */
  async toPlans(address: Pick<DemoAddress, 'address' | 'typed'>): Promise<void> {
    const dialog = await this.checkAddress(address);
    await dialog.getByRole('button', { name: 'View plans', exact: true }).click();
    await this.left('address');
  }

  // Step 2 -----------------------------------------------------------------------------------

  /**
   * A plan or router card, selectable by its name. docs/rules/plans-and-pricing.md says cards are
   * selected or not, not which role they take, so a radio, a checkbox or a toggle button all count.
   */
  card(name: string): Locator {
    const named = { name: phrase(name) };
    return this.page
      .getByRole('radio', named)
      .or(this.page.getByRole('checkbox', named))
      .or(this.page.getByRole('button', named));
  }

  /** Whether a card reads as selected (aria-checked, aria-pressed, aria-selected or checked). */
  static async isSelected(card: Locator): Promise<boolean | null> {
    return card.evaluate((el) => {
      for (const attribute of ['aria-checked', 'aria-pressed', 'aria-selected']) {
        const value = el.getAttribute(attribute);
        if (value !== null) return value === 'true';
      }
      return el instanceof HTMLInputElement ? el.checked : null;
    });
  }

  async expectSelected(name: string, selected = true): Promise<void> {
    const card = this.card(name);
    await expect(card).toBeVisible();
    await expect
      .poll(() => Wizard.isSelected(card), {
        message: `'${name}' should be ${selected ? '' : 'un'}selected`,
      })
      .toBe(selected);
  }

  /** An option of a two-way toggle such as All Plans / Most Popular or Residential / Business. */
  toggleOption(name: string, scope: Page | Locator = this.page): Locator {
    const named = { name, exact: true };
    return scope
      .getByRole('radio', named)
      .or(scope.getByRole('tab', named))
      .or(scope.getByRole('button', named));
  }

  get staticIpToggle(): Locator {
    const named = { name: 'Static IP' };
    return this.page.getByRole('switch', named).or(this.page.getByRole('checkbox', named));
  }

  /** Picks a paid router (no compatibility dialog) and presses Add to cart. */
  async addToCart({ plan, router }: { plan?: string; router: string }): Promise<void> {
    if (plan) await this.card(plan).click();
    await this.card(router).click();
    await this.button('Add to cart').click();
    await this.left('plans');
  }

  // Steps 3 and 4 ----------------------------------------------------------------------------

  /** A labelled field (exact label, so 'Email' is not 'Confirm email'). */
  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  get howDidYouHearField(): Locator {
    return this.field('How did you hear about us?');
  }

  /** Chooses an answer whether the field is a native select or a listbox of options. */
  async chooseHowDidYouHear(option: string): Promise<void> {
    const field = this.howDidYouHearField;
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') {
      await field.selectOption({ label: option });
      return;
    }
    await field.click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async fillContact(values: ContactValues): Promise<void> {
    const text: [string, string | undefined][] = [
      ['First name', values.firstName],
      ['Last name', values.lastName],
      ['Email', values.email],
      ['Confirm email', values.confirmEmail],
      ['Mobile', values.mobile],
    ];
    for (const [label, value] of text) {
      if (value !== undefined) await this.field(label).fill(value);
    }
    if (values.howDidYouHear !== undefined) await this.chooseHowDidYouHear(values.howDidYouHear);
  }

  /** A valid contact, with overrides; Confirm email follows Email unless given. */
  async fillValidContact(overrides: ContactValues = {}): Promise<void> {
    const email = overrides.email ?? validContact.email;
    await this.fillContact({
      ...validContact,
      confirmEmail: email,
      ...overrides,
    });
  }

  /** Step 3 to step 4 with a valid contact. */
  async toConnectionDetails(overrides: ContactValues = {}): Promise<void> {
    await this.fillValidContact(overrides);
    await this.button('Continue').click();
    await this.left('contact');
  }

  /**
   * A validation message, quoted exactly from docs/rules/, as shown beside its field: the error
   * summary repeats it as a link (docs/rules/contact-and-connection.md, "The error summary"), which
   * summaryLink finds.
   */
  message(text: string): Locator {
    return this.page.getByText(text, { exact: true }).and(this.page.locator(':not(a)'));
  }

  /** The error summary ('There is a problem'), when a Continue or Submit was refused. */
  get errorSummary(): Locator {
    return this.page.getByRole('alert', { name: 'There is a problem' });
  }

  /** The error summary's link for a field's message. */
  summaryLink(text: string): Locator {
    return this.errorSummary.getByRole('link', { name: text, exact: true });
  }
}

/**
 * How each step of the wizard's table shows that it has arrived, by what a person sees and the page
 * name it pushes (docs/rules/wizard-flow.md). Keyed by the table's ids: a step added there fails to
 * compile here until it says how it shows.
 */
const arrivals: Record<WizardStep, (wizard: Wizard) => Promise<void>> = {
  address: async (w) => {
    await expect(w.addressField).toBeVisible();
    await expectPageName(w.page, 'Check Address');
  },
  plans: (w) => expectPageName(w.page, 'Build Plan'),
  contact: async (w) => {
    await expectPageName(w.page, 'Connection Details');
    await expect(w.field('First name')).toBeVisible();
  },
  connection: async (w) => {
    await expect(w.field('Unit')).toBeVisible();
    await expectPageName(w.page, 'Connection Details');
  },
  installation: (w) => expectPageName(w.page, 'Installation'),
  payment: (w) => expectPageName(w.page, 'Payment'),
  confirmation: (w) => expectPageName(w.page, 'Confirm Order'),
};
