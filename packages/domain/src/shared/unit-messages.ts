/**
 * The building's units' messages (docs/rules/contact-and-connection.md#the-buildings-units),
 * re-exported by messages.ts.
 */

export const unitMessages = {
  /** The connection step and the install (422 `unit_unknown`): a unit the building does not list. */
  notInBuilding:
    'This unit is not in this building. Please check the unit number or choose it from the list.',
  /** The connection step: the unit already has an active order. */
  connectedHeading: 'This unit is already connected',
  connectedText:
    'We already have an order for this unit. If you are moving in, continue as a move-in and we will take over the service at this unit, or call us and we will help.',
  continueAsMoveIn: 'Continue as a move-in',
  /** The console's flag on an order placed for a unit that already had an active order. */
  moveInFlag: 'Move-in',
} as const;

/** The connection step's call option: 'Call us on 1300 000 000'. */
export function unitCallUs(phone: string): string {
  return `Call us on ${phone}`;
}
