/**
 * The per-route limits (docs/decisions/010-limits.md) out of reach, as RATE_LIMIT_PER_MINUTE is:
 * every test request comes from one address. A test of a limit sets its own value.
 */
export const RAISED_LIMITS: Readonly<Record<string, string>> = {
  CODE_CHECKS_PER_MINUTE: '100000',
  HOLDS_PER_MINUTE: '100000',
  HOLDS_PER_CLIENT: '100000',
  LEADS_PER_MINUTE: '100000',
  CARD_TOKENS_PER_MINUTE: '100000',
  INSTALLS_PER_MINUTE: '100000',
  ORDER_PAGE_PER_MINUTE: '100000',
  ORDER_PAGE_MISSES_PER_MINUTE: '100000',
  FUNNEL_REPORTS_PER_MINUTE: '100000',
  API_KEY_REQUESTS_PER_MINUTE: '100000',
  PAGES_PER_MINUTE: '100000',
  AUTOCOMPLETE_PER_CLIENT: '100000',
};
