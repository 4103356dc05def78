import type { DomainConfig } from '../shared/config.ts';
import { abbreviateStreetType, normaliseBuildingCode, streetNumberFallback } from './normalise.ts';

export type BuildingCategory = 'greenfield' | 'brownfield' | (string & {});

export interface Address {
  formatted_address: string;
  street_number: string;
  street: string;
  suburb: string;
  state: string;
  postcode: string;
  /** '' or '0' count as absent (see hasUnit). */
  unit: string;
  uniqueCode: string;
  status: string;
  buildingCategory: BuildingCategory;
  buildingClass: string;
  buildingType: string;
  buildingTypeExtra?: string;
  mdu: boolean;
  commercial: boolean;
  mixed: boolean;
  greenfield: boolean;
}

/*
 * One parser for every way an address arrives (docs/rules/address-and-serviceability.md): a place
 * from the maps service or the embedded autocomplete (both answer Google's Places shape), the
 * address lookup's answer merged into it, or the query parameters of a link.
 */

export interface PlaceComponent {
  long_name: string;
  short_name: string;
  types: readonly string[];
}

export interface Place {
  formatted_address?: string;
  address_components?: readonly PlaceComponent[];
  place_id?: string;
}

/** The address lookup's `data` (docs/rules/address-and-serviceability.md: the building). */
export interface AddressLookupAnswer {
  status: string;
  uniqueCode?: string;
  addressComponents?: {
    buildingCategory?: string;
    buildingClass?: string;
    buildingType?: string;
    buildingTypeExtra?: string;
  };
}

/**
 * The address form needs a chosen address with components and a formatted address
 * (docs/rules/address-and-serviceability.md).
 */
export function isAddressSelectable(
  place: Place | null | undefined,
): place is Place & Required<Pick<Place, 'formatted_address' | 'address_components'>> {
  return Boolean(place?.formatted_address?.trim() && place.address_components?.length);
}

const stateShortNames: ReadonlyMap<string, string> = new Map([
  ['new south wales', 'NSW'],
  ['victoria', 'VIC'],
  ['queensland', 'QLD'],
  ['south australia', 'SA'],
  ['western australia', 'WA'],
  ['tasmania', 'TAS'],
  ['northern territory', 'NT'],
  ['australian capital territory', 'ACT'],
]);

/** The short state name (NSW, VIC...) that the time zones and the booking calls key on. */
export function stateShortName(state: string): string {
  const trimmed = state.trim();
  return stateShortNames.get(trimmed.toLowerCase()) ?? trimmed.toUpperCase();
}

/**
 * The building flags, derived from the lookup's class, type and category
 * (docs/rules/address-and-serviceability.md).
 */
export function buildingFlags(building: {
  buildingClass: string;
  buildingType: string;
  buildingCategory: string;
}): Pick<Address, 'mdu' | 'commercial' | 'mixed' | 'greenfield'> {
  const type = building.buildingType.trim().toLowerCase();
  return {
    mdu: building.buildingClass.toLowerCase().includes('mdu'),
    commercial: type === 'commercial',
    mixed: type === 'mixed',
    greenfield: building.buildingCategory.trim().toLowerCase() === 'greenfield',
  };
}

interface AddressParts {
  formatted_address: string;
  street_number?: string | undefined;
  street?: string | undefined;
  suburb?: string | undefined;
  state?: string | undefined;
  postcode?: string | undefined;
  unit?: string | undefined;
  /** what the visitor typed, for the street number when the parts have none */
  typed?: string | undefined;
}

// An address before (or after a failed) lookup: nothing is known about its building.
const withoutBuilding = {
  uniqueCode: '',
  status: '',
  buildingCategory: '',
  buildingClass: '',
  buildingType: '',
  mdu: false,
  commercial: false,
  mixed: false,
  greenfield: false,
} satisfies Partial<Address>;

function buildAddress(parts: AddressParts, config: DomainConfig): Address {
  const formatted = parts.formatted_address.trim();
  return {
    formatted_address: formatted,
    street_number: streetNumberFallback(parts.street_number, parts.typed?.trim() || formatted),
    street: abbreviateStreetType(parts.street ?? ''),
    suburb: parts.suburb?.trim() ?? '',
    state: stateShortName(parts.state ?? ''),
    postcode: postcodeOverride(formatted, config) ?? parts.postcode?.trim() ?? '',
    unit: parts.unit?.trim() ?? '',
    ...withoutBuilding,
  };
}

function postcodeOverride(formatted: string, config: DomainConfig): string | undefined {
  const key = formatted.toLowerCase();
  const found = Object.entries(config.postcodeOverrides).find(
    ([k]) => k.trim().toLowerCase() === key,
  );
  return found?.[1];
}

/**
 * A selected place (see isAddressSelectable) as an Address without building details yet. The
 * unit comes from the place's subpremise ('5/100 Harris St') so the visitor need not type it again.
 */
export function addressFromPlace(place: Place, typed: string, config: DomainConfig): Address {
  const component = (type: string) => place.address_components?.find((c) => c.types.includes(type));
  return buildAddress(
    {
      formatted_address: place.formatted_address ?? '',
      street_number: component('street_number')?.long_name,
      street: component('route')?.long_name,
      suburb: (component('locality') ?? component('sublocality'))?.long_name,
      state: component('administrative_area_level_1')?.short_name,
      postcode: component('postal_code')?.long_name,
      unit: component('subpremise')?.long_name,
      typed,
    },
    config,
  );
}

/**
 * Merges the address lookup's answer; `null` is a failed lookup, status 'failed', which shows the
 * not-available dialog (docs/rules/address-and-serviceability.md).
 */
export function withLookup(address: Address, answer: AddressLookupAnswer | null): Address {
  const { buildingTypeExtra: _previous, ...rest } = address;
  if (!answer) return { ...rest, ...withoutBuilding, status: 'failed' };
  const building = {
    buildingCategory: answer.addressComponents?.buildingCategory ?? '',
    buildingClass: answer.addressComponents?.buildingClass ?? '',
    buildingType: answer.addressComponents?.buildingType ?? '',
  };
  const extra = answer.addressComponents?.buildingTypeExtra;
  return {
    ...rest,
    ...building,
    ...buildingFlags(building),
    ...(extra ? { buildingTypeExtra: extra } : {}),
    status: answer.status,
    uniqueCode: normaliseBuildingCode(answer.uniqueCode ?? ''),
  };
}

/** The link parameters that prefill an address (docs/rules/wizard-flow.md). */
export type AddressQuery = Readonly<Record<string, string | undefined>>;

/**
 * A prefilled address from a link's query parameters (docs/rules/wizard-flow.md), or null when the
 * link names no address. The building parts come in the lookup's own words, so they go through
 * withLookup.
 */
export function addressFromQuery(query: AddressQuery, config: DomainConfig): Address | null {
  const formatted = query.formatted_address?.trim();
  if (!formatted) return null;
  const address = buildAddress(
    {
      formatted_address: formatted,
      street_number: query.street_number,
      street: query.street,
      suburb: query.suburb,
      state: query.state,
      postcode: query.postcode,
    },
    config,
  );
  return withLookup(address, {
    status: query.status?.trim() ?? '',
    uniqueCode: query.uniqueCode,
    addressComponents: {
      buildingCategory: query.buildingCategory?.trim(),
      buildingClass: query.buildingClass?.trim(),
      buildingType: query.buildingType?.trim(),
      buildingTypeExtra: query.buildingTypeExtra?.trim(),
    },
  });
}

/**
 * An address with its unit, wherever an order's address is shown (the mail, the order page, the
 * console): 'Unit 12, 100 Harris Street, Pyrmont NSW 2009'. No unit, '' or '0' (billing's "none",
 * docs/rules/orders.md) leaves the address as it is.
 */
export function addressWithUnit(address: string, unit: string | null | undefined): string {
  const u = (unit ?? '').trim();
  return u && u !== '0' ? `Unit ${u}, ${address}` : address;
}

/**
 * The address line of an order wherever it travels: every mail, the calendar invite's LOCATION,
 * the installer task's title, the order page (docs/rules/mail.md#the-address-line). One function,
 * so none of them drops the unit: the building's formatted address with the unit the order was
 * placed for.
 */
export const orderAddressLine = (order: {
  formatted_address: string | null | undefined;
  unit?: string | null | undefined;
}): string => addressWithUnit(order.formatted_address ?? '', order.unit);
