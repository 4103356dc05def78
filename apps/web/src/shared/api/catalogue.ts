import { plansAnswer, routersAnswer } from '@fibre/domain/api';
import { get, type Options } from './client.ts';

/** The catalogue's calls (docs/rules/api.md): a building's plans and the routers. */

export const fetchPlans = (buildingCode: string, o?: Options) =>
  get(`/api/v1/public/plans?building-code=${encodeURIComponent(buildingCode)}`, plansAnswer, o);

export const fetchRouters = (o?: Options) => get('/api/v1/public/routers', routersAnswer, o);
