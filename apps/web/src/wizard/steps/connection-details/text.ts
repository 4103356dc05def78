/** Step 4's words. */
export const text = {
  heading: 'Connection details',
  intro: 'Tell us which apartment or unit to connect at this address.',
  unit: 'Unit',
  unitHintMdu: 'Your apartment or unit number, for example 12 or 12B.',
  unitHintHouse: 'Only if your address has a unit number.',
  street: 'Street',
  suburb: 'Suburb',
  postcode: 'Postcode',
  state: 'State',
  readOnlyNote:
    'These come from the address you checked. To change them, go back to the address check.',
  goBack: 'Go back',
  continue: 'Continue',
} as const;
