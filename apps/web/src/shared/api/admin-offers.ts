import { adminOffersAnswer } from '@fibre/domain/api';
import { call } from './admin-client.ts';

/** The console's offers call: coupons and campaigns with how many orders used each. */
export const fetchOffers = () => call('GET', '/admin/api/offers', adminOffersAnswer);
