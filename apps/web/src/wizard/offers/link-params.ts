import { addressFromQuery } from '@fibre/domain/address';
import type { CampaignState } from '@fibre/domain/offers';
import type { Dispatch } from 'react';
import { withMasterBuilding } from '../../shared/api/buildings.ts';
import type { AppConfig } from '../../shared/config/config-context.tsx';
import type { Action } from '../store/actions.ts';

/*
 * docs/rules/wizard-flow.md: the query parameters a link may carry, read once on load. They are
 * then removed from the address bar, so a reload resumes the wizard instead of starting the link
 * over (the store survives reloads; the link's work is done).
 */

const addressKeys = [
  'formatted_address',
  'street_number',
  'street',
  'suburb',
  'state',
  'postcode',
  'status',
  'buildingClass',
  'buildingCategory',
  'buildingType',
  'buildingTypeExtra',
  'uniqueCode',
];
const offerKeys = ['moveIn', 'referralCode', 'pc'];

export interface LinkContext {
  dispatch: Dispatch<Action>;
  config: AppConfig;
  campaign: CampaignState;
}

function stripLinkParams(url: URL): void {
  for (const key of [...addressKeys, ...offerKeys]) url.searchParams.delete(key);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

export async function applyLinkParams(href: string, context: LinkContext): Promise<void> {
  const url = new URL(href);
  const params = url.searchParams;
  if (![...addressKeys, ...offerKeys].some((key) => params.has(key))) return;
  const query = Object.fromEntries(addressKeys.map((key) => [key, params.get(key) ?? undefined]));
  const moveIn = params.get('moveIn');
  const referralCode = params.get('referralCode')?.trim();
  const promoCode = params.get('pc')?.trim();
  stripLinkParams(url);

  const { dispatch, config } = context;
  const offers =
    moveIn || referralCode
      ? import('./offer-params.ts').then((m) =>
          m.applyOfferParams({ moveIn, referralCode: referralCode ?? null }, context),
        )
      : Promise.resolve();

  const address = addressFromQuery(query, config.domain);
  if (address) {
    const resolved = await withMasterBuilding(address);
    dispatch({
      type: 'address/checked',
      input: address.formatted_address,
      address: resolved,
      restart: true,
    });
  }
  await offers;
  // The promo code waits for the offer it may conflict with (the referral check above) and for
  // the address: its rules need the postcode, suburb and plans (wizard/offers/use-offer-code.ts
  // applies it on the Build Plan step).
  if (promoCode) dispatch({ type: 'offers/brought', pendingCode: promoCode });
}
