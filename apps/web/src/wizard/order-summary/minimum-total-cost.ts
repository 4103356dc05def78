import type { OrderSummary } from '@fibre/domain/pricing';
import { formatDollars } from '@fibre/domain/shared';

/** Which charges make up the minimum total cost of this order (the domain's minimumTotalCost). */
export interface MinimumCostParts {
  router: boolean;
  addOns: boolean;
  newDevelopmentCharge: boolean;
  cardSurcharge: boolean;
}

export function minimumCostParts(summary: OrderSummary): MinimumCostParts {
  return {
    router: summary.router.amount > 0,
    addOns: summary.addOns.some((line) => line.recurring),
    newDevelopmentCharge: summary.addOns.some((line) => !line.recurring),
    cardSurcharge: summary.firstPaymentFee > 0,
  };
}

/** 'a', 'a and b', 'a, b and c'. */
function inWords(items: string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * One line, naming only the charges that apply: 'Minimum total cost $393.68: first month's plan,
 * router and add-ons, the New Development Charge and the card surcharge'.
 */
export function minimumTotalCostText(amount: number, parts: MinimumCostParts): string {
  const firstMonth = [
    'plan',
    ...(parts.router ? ['router'] : []),
    ...(parts.addOns ? ['add-ons'] : []),
  ];
  const charges = [
    `first month's ${inWords(firstMonth)}`,
    ...(parts.newDevelopmentCharge ? ['the New Development Charge'] : []),
    ...(parts.cardSurcharge ? ['the card surcharge'] : []),
  ];
  // 'plan and router, and the card surcharge': a comma keeps the first month's parts together.
  const [first, second] = charges;
  const words =
    charges.length === 2 && first!.includes(' and ') ? `${first}, and ${second}` : inWords(charges);
  return `Minimum total cost $${formatDollars(amount)}: ${words}`;
}
