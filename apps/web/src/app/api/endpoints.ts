import {
  addressLookupAnswer,
  buildingFoundAnswer,
  predictionsAnswer,
  publicConfigAnswer,
  type AddressLookupBody,
} from '@fibre/domain';
import { get, post, type RequestOptions } from './client.ts';

/*
 * Every call the wizard makes, by path (docs/rules/api.md), each answer parsed with its schema
 * (packages/domain/src/api); the domain's rules decide what they mean. The first screen's calls
 * are here; the later steps' are in later-endpoints.ts, so that the first screen does not carry
 * their schemas (bench/README.md: the address step's JavaScript).
 */

type Options = Omit<RequestOptions, 'body'>;
const enc = encodeURIComponent;

export type { Building, Prediction, PublicConfig } from '@fibre/domain';
export type { AddressLookupBody };

export const fetchPublicConfig = (o?: Options) =>
  get('/api/v1/public/config', publicConfigAnswer, o);

export const fetchAddressPredictions = (text: string, limit: number, o?: Options) =>
  get(`/api/v1/public/addresses?q=${enc(text)}&limit=${limit}`, predictionsAnswer, o);

export const lookupAddress = (body: AddressLookupBody, o?: Options) =>
  post('/api/v1/public/address-lookup', body, addressLookupAnswer, o);

export const searchBuilding = (address: string, o?: Options) =>
  post('/portal/api/v1/buildings/search', { address }, buildingFoundAnswer, o);

export const fetchBuilding = (id: string, o?: Options) =>
  get(`/portal/api/v1/buildings/${enc(id)}`, buildingFoundAnswer, o);
