/** Step 2's words. */
export const text = {
  heading: 'Build your plan',
  intro: (address: string) => `Plans available at ${address}.`,
  plansTitle: 'Choose your speed',
  plansIntro: 'Unlimited data, with the same speed up and down.',
  planFilter: 'Show plans',
  allPlans: 'All Plans',
  mostPopular: 'Most Popular',
  plansGroup: 'Plans',
  popularBadge: 'Popular',
  perMonth: '/month',
  // The ACCC's 'typical busy period speed', in the words of the footnote below.
  busyHourSpeed: (mbps: number) => `Typical evening speed ${mbps} Mbps`,
  eveningSpeeds:
    'Typical evening speeds are measured between 7pm and 11pm, when the network is busiest.',
  cis: 'Critical Information Summary',
  /** The link's accessible name: its visible words, then which plan's it is. */
  /** Heard after 'Critical Information Summary': whose it is. */
  cisFor: (plan: string) => `for ${plan}`,
  addOnsTitle: 'Add-ons',
  staticIp: 'Static IP',
  staticIpDescription: 'A fixed public IP address for hosting, remote access and VPNs.',
  staticIpPrice: (amount: string) => `$${amount}/month`,
  routersTitle: 'Choose your router',
  routersIntro: 'Rent one of ours, or bring a compatible router of your own.',
  routersGroup: 'Routers',
  byoPrice: 'No charge',
  previous: (what: string) => `Previous ${what}`,
  next: (what: string) => `Next ${what}`,
  loadFailed: 'We couldn’t load the plans for this building.',
  tryAgain: 'Try again',
  noPlans: 'No plans are offered at this building yet. Please call us to talk about your options.',
  goBack: 'Go back',
  addToCart: 'Add to cart',
  needsRouter: 'Choose a router to continue.',
  routerDialogTitle: 'Router compatibility',
  routerDialogIntro:
    'Before you bring your own router, please check that it will work with our network.',
  routerNeedsWan:
    'It needs an Ethernet WAN port: the port that plugs into the fibre connection box.',
  routerNoCarrier:
    'Routers branded by the two large carriers are locked to their networks and are not compatible.',
  routerAcknowledge:
    'My router has an Ethernet WAN port and is not branded by one of the two large carriers.',
  cancel: 'Cancel',
  confirm: 'Confirm',
  promoApplied: (code: string) => `Promo code ${code} applied`,
} as const;
