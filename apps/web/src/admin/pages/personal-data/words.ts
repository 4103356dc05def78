export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** 'a, b and c'; the saved sign-ups are named only when there are some. */
export function listed(orders: number, leads: number, savedSignups: number): string {
  const parts = [plural(orders, 'order'), plural(leads, 'lead')];
  if (savedSignups > 0) parts.push(plural(savedSignups, 'saved sign-up'));
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
