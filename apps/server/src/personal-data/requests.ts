// A person's data, on request (docs/rules/personal-data-requests.md): the four requests the
// console's routes answer (admin-routes.ts), each in the file of its concern. What every request
// shares is person.ts; their SQL, repository/.
export { correctPersonalData } from './correction.ts';
export { erasePersonalData } from './erasure.ts';
export { exportPersonalData, findPersonalData } from './finding.ts';
export { personOf, type Actor } from './person.ts';
