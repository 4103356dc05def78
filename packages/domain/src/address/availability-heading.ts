import { messages } from '../shared/messages.ts';
import { isServiceable, type BuildingFacts } from './serviceability.ts';

// Apart from serviceability.ts: the headings bring shared/messages.ts, which the first screen does not
// need (the availability dialog loads when an address is checked).

/**
 * 'Great News!' for LIT or greenfield non-commercial; otherwise 'Good News!'
 * (docs/rules/address-and-serviceability.md).
 */
export function availableHeading(address: BuildingFacts): string {
  const great = address.status === 'LIT' || (address.greenfield && !address.commercial);
  return great ? messages.greatNews : messages.goodNews;
}

/** The availability dialog's heading: the available one, or 'We are sorry!'. */
export function availabilityHeading(address: BuildingFacts): string {
  return isServiceable(address.status) ? availableHeading(address) : messages.notAvailableHeading;
}
