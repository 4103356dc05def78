// @vitest-environment jsdom
import { buildingVariant } from '@fibre/domain/address';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInWizard } from '../../../test-support/render.tsx';
import { acmeRules, demoRules } from '../../../test-support/rules.ts';
import { orderState } from '../../../test-support/wizard-state.ts';
import { AddOnsSection } from './add-ons-section.tsx';

const greenfield = orderState.address.value!;

describe('the add-ons under the catalogue rules', () => {
  it.each([
    ['demo', demoRules, '$9/month', '$300'],
    ['acme', acmeRules, '$12.50/month', '$450'],
  ])("show the %s catalogue's static IP price and new development charge", (_, rules, ip, fee) => {
    const variant = buildingVariant(greenfield, '1300 000 000', rules);
    renderInWizard(<AddOnsSection variant={variant} />, { state: orderState, domain: rules });
    expect(screen.getByText(ip)).toBeTruthy();
    expect(
      screen.getByText(`A one-off New Development Charge of ${fee} applies to new developments.`),
    ).toBeTruthy();
  });
});
