import { describe, expect, it } from 'vitest';
import { minimumTotalCostText } from './minimum-total-cost.ts';

const none = { router: false, addOns: false, newDevelopmentCharge: false, cardSurcharge: false };

describe('the minimum total cost line names only the charges that apply', () => {
  it.each([
    [none, "Minimum total cost $79: first month's plan"],
    [
      { ...none, cardSurcharge: true },
      "Minimum total cost $79: first month's plan and the card surcharge",
    ],
    [
      { ...none, router: true, cardSurcharge: true },
      "Minimum total cost $79: first month's plan and router, and the card surcharge",
    ],
    [
      { router: true, addOns: true, newDevelopmentCharge: true, cardSurcharge: true },
      "Minimum total cost $79: first month's plan, router and add-ons, the New Development Charge and the card surcharge",
    ],
    [
      { ...none, addOns: true, newDevelopmentCharge: true },
      "Minimum total cost $79: first month's plan and add-ons, and the New Development Charge",
    ],
  ])('%j', (parts, words) => {
    expect(minimumTotalCostText(79, parts)).toBe(words);
  });

  it('writes the amount as the summary does', () => {
    expect(minimumTotalCostText(393.5, none)).toBe(
      "Minimum total cost $393.50: first month's plan",
    );
  });
});
