import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/*
 * What the visitor typed on a form and has not yet passed on (docs/rules/wizard-flow.md, "Reload"):
 * kept in sessionStorage beside the store, one entry per form, so a reload puts every typed field
 * back. Written as they type without touching the store (no step re-renders for a keystroke), and
 * dropped when the form passes: its values are then the store's. Card data is never a draft: card
 * fields belong to the card vault's form and never reach here.
 */

/**
 * 'reminder' is not typing: it keeps the token that withdraws the marketing box's save for the
 * reminder (steps/payment/marketing-reminder.ts), so a reload can still withdraw it.
 */
export type DraftName = 'contact' | 'unit' | 'promo' | 'lead' | 'reminder';

const PREFIX = 'fibre-signup:draft:';
const names: DraftName[] = ['contact', 'unit', 'promo', 'lead', 'reminder'];
/** A typed field longer than this is not a draft anyone typed (and storage is small). */
const MAX_FIELD = 2000;

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * The draft of a form: only the string fields it names (`fields`), so a stale or altered entry can
 * put nothing else into the form. Null when none is kept.
 */
export function loadDraft<K extends string>(
  name: DraftName,
  fields: readonly K[],
): Partial<Record<K, string>> | null {
  try {
    const text = storage()?.getItem(PREFIX + name);
    if (!text) return null;
    const saved: unknown = JSON.parse(text);
    if (!saved || typeof saved !== 'object') return null;
    const draft: Partial<Record<K, string>> = {};
    for (const field of fields) {
      const value = (saved as Record<string, unknown>)[field];
      if (typeof value === 'string' && value.length <= MAX_FIELD) draft[field] = value;
    }
    return Object.keys(draft).length > 0 ? draft : null;
  } catch {
    return null;
  }
}

export function saveDraft(name: DraftName, values: Record<string, unknown>): void {
  const kept: Record<string, string> = {};
  for (const [field, value] of Object.entries(values)) {
    if (typeof value === 'string' && value.length <= MAX_FIELD) kept[field] = value;
  }
  try {
    storage()?.setItem(PREFIX + name, JSON.stringify(kept));
  } catch {
    // Storage full or refused: the form still works, a reload just forgets the typing.
  }
}

export function clearDraft(name: DraftName): void {
  try {
    storage()?.removeItem(PREFIX + name);
  } catch {
    // Nothing kept, nothing to drop.
  }
}

/** A new sign-up in the tab keeps nothing the last one typed. */
export function clearDrafts(): void {
  for (const name of names) clearDraft(name);
}

/**
 * Keeps a react-hook-form form's typing as its draft: every change is written (a subscription,
 * not a render), so a reload finds it (`loadDraft` in the form's default values).
 */
export function useFormDraft<T extends FieldValues>(form: UseFormReturn<T>, name: DraftName) {
  const { watch } = form;
  useEffect(() => {
    const subscription = watch((values, { type }) => {
      // Only the visitor's own typing: values the code sets (a reset) are not a draft.
      if (type === 'change') saveDraft(name, values as Record<string, unknown>);
    });
    return () => subscription.unsubscribe();
  }, [watch, name]);
}
