import type { PersonalDataCorrectAnswer } from '@fibre/domain/api';

/** What billing and the installer task said of a correction or an erasure, per order. */
export function ToldList({ told }: { told: PersonalDataCorrectAnswer['told'] }) {
  if (told.length === 0) return null;
  return (
    <ul>
      {told.map((each) => (
        <li key={`${each.orderId}-${each.adapter}`}>
          {each.orderId}, {each.adapter}: {each.message}
        </li>
      ))}
    </ul>
  );
}
