export interface AddressTables {
  /** Migration 019: one row, moved by every statement that writes addresses. */
  address_revision: {
    only_row: boolean;
    revision: string;
  };
  addresses: {
    id: string;
    formatted_address: string;
    street_number: string;
    street: string;
    suburb: string;
    state: string;
    postcode: string;
    building_code: string | null;
    /** Written by addresses/repository/addresses.ts from the other columns (address-text.ts). */
    search_key: string;
  };
}
