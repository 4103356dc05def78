/** Step 1's words (the rules' own words come from @fibre/domain). */
export const text = {
  heading: 'Check your address',
  intro: 'Find out if fibre is available at your building, then build your plan in minutes.',
  addressLabel: 'Address',
  addressHint: 'Start typing your street address, then choose it from the list.',
  addressPlaceholder: 'e.g. 100 Harris Street, Pyrmont',
  chooseFromList: 'Please choose your address from the list of suggestions.',
  submit: 'Submit',
  noMatches: 'No matching addresses. Check the spelling, or try just the street number and name.',
  searchUnavailable: (phone: string) =>
    `Address search isn’t working right now. Please refresh the page to try again, or call us on ${phone}.`,
  suggestions: (count: number) =>
    `${count} ${count === 1 ? 'address' : 'addresses'} found. Use the up and down arrows to choose.`,
  perks: ['Unlimited data', 'Same speed up and down', 'Month-to-month, no lock-in contract'],
  viewPlans: 'View plans',
  serviceType: 'Service type',
  register: 'Register your address',
  notAvailable: (address: string) => `Our fibre network doesn’t reach ${address} yet.`,
  notAvailableMore: 'Register your address and we’ll let you know as soon as you can connect.',
  available: (address: string) => `Fibre is available at ${address}.`,
  call: (phone: string) => `Call ${phone}`,
  checkAnother: 'Check another address',
} as const;
