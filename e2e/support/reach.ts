import { expect, type APIRequestContext } from '@playwright/test';
import {
  addressFromPlace,
  buildingSearchAddress,
  isServiceable,
  normaliseBuildingCode,
  withLookup,
  type Address,
} from '@fibre/domain/address';
import {
  addressLookupAnswer,
  buildingFoundAnswer,
  predictionsAnswer,
  publicConfigAnswer,
} from '@fibre/domain/api';
import { capitaliseName, contactSchema } from '@fibre/domain/contact';
// The wizard's own saved state: its shape and its versioned format (what a reload restores).
import { serialise, STORAGE_KEY } from '../../apps/web/src/wizard/store/persistence.ts';
import { initialState, type WizardState } from '../../apps/web/src/wizard/store/state.ts';
import { chooseFreeDay, holdWindow } from './checkout.ts';
import { expectPageName } from './checks.ts';
import { fetchCatalogue, validContact, type DemoAddress } from './demo.ts';
import type { ContactValues, Wizard } from './wizard.ts';

/*
 * Reaching a later step without walking to it (e2e/README.md, "Reaching a step"): the wizard's
 * saved state, written as the wizard writes it (wizard/store/persistence.ts: the same key, the
 * same version) from what the public API answers for the address, the plans and the routers, then
 * the page opened on it, as a reload would. What each step does stays tested by walking to it
 * (the step specs and the journeys); a test of a later step starts there.
 */

export interface ReachOptions {
  router: string;
  /** A plan's name; the catalogue's default plan otherwise. */
  plan?: string;
  /** Overrides of the valid contact, as toInstallation takes them. */
  contact?: ContactValues;
  /** The unit; '12' by default, as toInstallation types. */
  unit?: string;
  /** The link's query (`/?...`). */
  query?: Record<string, string>;
}

async function json<T>(
  answer: Awaited<ReturnType<APIRequestContext['get']>>,
  schema: { parse(v: unknown): T },
): Promise<T> {
  expect(answer.ok(), `${answer.url()}: ${answer.status()}`).toBe(true);
  return schema.parse(await answer.json());
}

/**
 * The checked address as step 1 leaves it (steps/check-address/use-address-check.ts): the
 * autocomplete's place, the lookup's building merged in, a slave building's master's code.
 */
async function checkedAddress(
  request: APIRequestContext,
  demo: Pick<DemoAddress, 'address' | 'typed'>,
): Promise<Address> {
  const { domain } = await json(await request.get('/api/v1/public/config'), publicConfigAnswer);
  const { predictions } = await json(
    await request.get('/api/v1/public/addresses', { params: { q: demo.typed, limit: 10 } }),
    predictionsAnswer,
  );
  const place = predictions.find((p) => p.description === demo.address);
  if (!place) throw new Error(`the autocomplete does not offer ${demo.address}`);
  const parsed = addressFromPlace(place, place.formatted_address, domain);
  const lookup = await request.post('/api/v1/public/address-lookup', {
    data: {
      formatted_address: parsed.formatted_address,
      street_number: parsed.street_number,
      street: parsed.street,
      suburb: parsed.suburb,
      state: parsed.state,
      postcode: parsed.postcode,
    },
  });
  const address = withLookup(
    parsed,
    lookup.ok() ? addressLookupAnswer.parse(await lookup.json()).data : null,
  );
  if (!isServiceable(address.status)) return address;
  const found = await request.post('/portal/api/v1/buildings/search', {
    data: { address: buildingSearchAddress(address.formatted_address) },
  });
  if (!found.ok()) return address;
  let building = buildingFoundAnswer.parse(await found.json()).data;
  const master = building.addressComponents?.isSlave
    ? building.addressComponents.masterBuildingId
    : null;
  if (master) {
    building = await json(
      await request.get(`/portal/api/v1/buildings/${encodeURIComponent(master)}`),
      buildingFoundAnswer,
    ).then((b) => b.data);
  }
  const code = building.code ?? building.uniqueCode;
  return code ? { ...address, uniqueCode: normaliseBuildingCode(code) } : address;
}

/**
 * The saved state of a visitor who checked `address`, added the plan and router to the cart,
 * passed the contact and connection details steps and is on Installation (step 5), nothing held.
 * Only for an address whose building has no campaign and a link without a code: Add to cart
 * validates a campaign's coupon, which this does not.
 */
export async function installationState(
  request: APIRequestContext,
  demo: Pick<DemoAddress, 'address' | 'typed'>,
  options: ReachOptions,
): Promise<WizardState> {
  const checked = await checkedAddress(request, demo);
  if (!checked.uniqueCode) throw new Error(`${demo.address} is not a serviceable building`);
  const { domain } = await json(await request.get('/api/v1/public/config'), publicConfigAnswer);
  const { plans, routers } = await fetchCatalogue(request, checked.uniqueCode);
  const plan = options.plan
    ? plans.find((p) => p.name === options.plan)
    : plans.find((p) => p.id === domain.defaultPlanId);
  const router = routers.find((r) => r.name === options.router);
  if (!plan || !router)
    throw new Error(`no plan ${options.plan ?? 'by default'} or router ${options.router}`);
  const typed = { ...validContact, confirmEmail: validContact.email, ...options.contact };
  const values = contactSchema.parse({
    firstName: typed.firstName,
    lastName: typed.lastName,
    email: typed.email,
    confirmEmail: typed.confirmEmail ?? typed.email,
    phone: typed.mobile,
    howDidYouHearAboutUs: typed.howDidYouHear,
  });
  // toInstallation types '12' into the unit, which is always editable.
  const unit = options.unit ?? '12';
  return {
    ...initialState,
    step: 'installation',
    address: { input: checked.formatted_address, value: { ...checked, unit }, dialogOpen: false },
    plans: { ...initialState.plans, selectedId: plan.id },
    routers: { selectedId: router.id },
    signup: {
      ...initialState.signup,
      addOns: checked.greenfield ? ['new-development-fee'] : [],
      contact: {
        ...values,
        firstName: capitaliseName(values.firstName),
        lastName: capitaliseName(values.lastName),
      },
      connectionConfirmed: true,
    },
  };
}

/**
 * Opens the wizard on Installation (step 5) as if the visitor had walked steps 1 to 4 with
 * toInstallation's choices: the saved state is written into the tab before the wizard loads.
 */
export async function startAtInstallation(
  wizard: Wizard,
  address: Pick<DemoAddress, 'address' | 'typed'>,
  options: ReachOptions,
): Promise<void> {
  const state = installationState(wizard.page.request, address, options);
  const saved = serialise(await state);
  await wizard.page.addInitScript(
    ([key, value]) => {
      // Once: a reload later in the test restores what the wizard itself saved since.
      if (sessionStorage.getItem('e2e:reached') === null) {
        sessionStorage.setItem(key, value);
        sessionStorage.setItem('e2e:reached', '1');
      }
    },
    [STORAGE_KEY, saved] as const,
  );
  await wizard.goto(options.query ?? {});
  await expect(wizard.page.getByRole('heading', { name: 'Installation', level: 1 })).toBeVisible();
}

/**
 * Opens the wizard on Installation (startAtInstallation), holds the `day`th free day's `window`th
 * window there as a visitor does, and continues to Payment.
 */
export async function startAtPayment(
  wizard: Wizard,
  address: Pick<DemoAddress, 'address' | 'typed'>,
  options: ReachOptions & { day: number | 'last'; window?: number },
): Promise<{ day: string; window: string }> {
  await startAtInstallation(wizard, address, options);
  const day = await chooseFreeDay(wizard, options.day);
  const window = await holdWindow(wizard, options.window ?? 0);
  await wizard.button('Continue').click();
  await expectPageName(wizard.page, 'Payment');
  return { day, window };
}
