/**
 * Business constants that are the product's, not a provider's (each stated on its page of
 * docs/rules/): prices, fees and plan rules come from the provider's catalogue (DomainConfig,
 * config.ts).
 */
export const FIRST_PAYMENT_DELAY_DAYS = 15;
export const DEFAULT_STARTING_PERIOD = 7;
export const SECOND_MONTH_STARTING_PERIOD = 13;
export const ADDRESS_LOOKUP_LOCK_MS = 300;
export const MODAL_FADE_MS = 300;
export const BACKDROP_FADE_MS = 150;
export const CALENDAR_MONTHS = 2;
export const BOOKING_WINDOW_MONTHS = 3;
/** The first bookable day is this many days ahead in the state's zone (installation-and-holds.md). */
export const FIRST_BOOKABLE_DAYS_AHEAD = 2;
export const CONTRACT_TERM = 'Month-Month';
export const NAME_MIN = 2;
export const NAME_MAX = 26;
export const EMAIL_MAX = 320;
export const UNIT_MAX = 10;
/** '+61 412 345 678' is 15; spaces are allowed while typing. */
export const PHONE_MAX = 20;
export const LEAD_MESSAGE_MAX = 1000;
export const SPECIAL_SKIP_CODE = 'SOMETHING12321';
export const BLACK_FRIDAY_CODE = 'PNBF24';
