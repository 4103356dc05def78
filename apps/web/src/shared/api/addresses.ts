import { addressLookupAnswer, predictionsAnswer, type AddressLookupBody } from '@fibre/domain/api';
export type { Prediction } from '@fibre/domain/api';
import { get, post, type Options } from './client.ts';

/*
 * The address calls (docs/rules/api.md, docs/rules/address-and-serviceability.md), each answer
 * parsed with its schema (packages/domain/src/api). Each resource has a file of its own, so that a
 * chunk loads only the schemas of the calls it makes: the first screen's are this file's,
 * config.ts's and buildings.ts's (bench/README.md: the address step's JavaScript).
 */

const enc = encodeURIComponent;

export type { AddressLookupBody };

export const fetchAddressPredictions = (text: string, limit: number, o?: Options) =>
  get(`/api/v1/public/addresses?q=${enc(text)}&limit=${limit}`, predictionsAnswer, o);

export const lookupAddress = (body: AddressLookupBody, o?: Options) =>
  post('/api/v1/public/address-lookup', body, addressLookupAnswer, o);
