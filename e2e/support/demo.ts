/** docs/rules/demo-data.md: the demo buildings every fresh database holds. */
export interface DemoAddress {
  /** The formatted address, as the autocomplete offers it. */
  address: string;
  /** What a visitor types before picking the suggestion. */
  typed: string;
  code: string | null;
  state: string;
  suburb: string;
  postcode: string;
}

const demo = (
  address: string,
  typed: string,
  code: string | null,
  suburb: string,
  state: string,
  postcode: string,
): DemoAddress => ({ address, typed, code, suburb, state, postcode });

export const addresses = {
  pyrmont: demo(
    '100 Harris Street, Pyrmont NSW 2009',
    '100 Harris',
    'G1A2B3',
    'Pyrmont',
    'NSW',
    '2009',
  ),
  southbank: demo(
    '1 Southbank Boulevard, Southbank VIC 3006',
    '1 Southbank Boulevard',
    'G2B3C4',
    'Southbank',
    'VIC',
    '3006',
  ),
  brisbane: demo(
    '300 Queen Street, Brisbane City QLD 4000',
    '300 Queen Street Brisbane',
    'G3C4D5',
    'Brisbane City',
    'QLD',
    '4000',
  ),
  alkimos: demo(
    '25 Ocean Drive, Alkimos WA 6038',
    '25 Ocean Drive Alk',
    'G4D5E6',
    'Alkimos',
    'WA',
    '6038',
  ),
  adelaide: demo(
    '50 King William Street, Adelaide SA 5000',
    '50 King William Street Adel',
    'G5E6F7',
    'Adelaide',
    'SA',
    '5000',
  ),
  hobartMaster: demo(
    '80 Elizabeth Street, Hobart TAS 7000',
    '80 Elizabeth Street Hob',
    'G6F7A8',
    'Hobart',
    'TAS',
    '7000',
  ),
  hobartSlave: demo(
    '82 Elizabeth Street, Hobart TAS 7000',
    '82 Elizabeth Street Hob',
    'G7A8B9',
    'Hobart',
    'TAS',
    '7000',
  ),
  kellyville: demo(
    '7 Wattle Grove, Kellyville NSW 2155',
    '7 Wattle Grove',
    'G9B0C1',
    'Kellyville',
    'NSW',
    '2155',
  ),
  darwinFootprint: demo(
    '12 Cavenagh Street, Darwin City NT 0800',
    '12 Cavenagh Street',
    'G8C9D0',
    'Darwin City',
    'NT',
    '0800',
  ),
  darwinUnknown: demo(
    '10 Smith Street, Darwin City NT 0800',
    '10 Smith Street Darwin',
    null,
    'Darwin City',
    'NT',
    '0800',
  ),
} as const;

/** The support phone of an unconfigured (demo) provider. */
export const supportPhone = '1300 000 000';

/** docs/rules/contact-and-connection.md: the 'How did you hear' options, in order. */
export const howDidYouHearOptions = [
  'Search Engine',
  'Google Ads',
  'Social Media',
  'Digital Advertising',
  'Word Of Mouth',
  'Building Manager',
  'In Building Marketing Material',
  'Referral',
  'Sponsorship',
  'Other',
] as const;

/** A contact that passes every rule of docs/rules/contact-and-connection.md. */
export const validContact = {
  firstName: 'Mary',
  lastName: "O'Brien",
  email: 'mary.obrien@example.com',
  mobile: '0412345678',
  howDidYouHear: 'Search Engine',
} as const;

export interface CataloguePlan {
  id: string;
  name: string;
  speed: number;
  cost: string;
  addressLIT: boolean;
  addressNonLIT: boolean;
}

export interface CatalogueRouter {
  id: string;
  name: string;
  cost: string;
  description2: string;
}

/** The plans and routers the server offers, read from its public API. */
export async function fetchCatalogue(
  request: { get(url: string): Promise<{ ok(): boolean; json(): Promise<unknown> }> },
  buildingCode: string,
): Promise<{ plans: CataloguePlan[]; routers: CatalogueRouter[] }> {
  const plans = await request.get(
    `/api/v1/public/plans?building-code=${encodeURIComponent(buildingCode)}`,
  );
  const routers = await request.get('/api/v1/public/routers');
  if (!plans.ok() || !routers.ok()) throw new Error('the catalogue could not be read');
  return {
    plans: (await plans.json()) as CataloguePlan[],
    routers: (await routers.json()) as CatalogueRouter[],
  };
}

/** A bring-your-own router (cost '0') and a paid one, from the catalogue. */
export function routerNames(routers: CatalogueRouter[]): { byo: string; paid: string } {
  const byo = routers.find((r) => Number(r.cost) === 0);
  const paid = routers.find((r) => Number(r.cost) > 0);
  if (!byo || !paid) throw new Error('the catalogue needs a bring-your-own and a paid router');
  return { byo: byo.name, paid: paid.name };
}
