// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, clearDrafts, loadDraft, saveDraft } from './drafts.ts';

afterEach(() => window.sessionStorage.clear());

describe('docs/rules/wizard-flow.md, Reload: what was typed is kept for the tab', () => {
  it('keeps a form’s typed strings and gives back only the fields asked for', () => {
    saveDraft('contact', { firstName: 'Ada', email: 'ada@', age: 3 });
    expect(loadDraft('contact', ['firstName', 'email', 'phone'])).toEqual({
      firstName: 'Ada',
      email: 'ada@',
    });
    expect(loadDraft('contact', ['phone'])).toBeNull();
  });

  it('puts nothing into a form from an altered or broken entry', () => {
    window.sessionStorage.setItem('fibre-signup:draft:unit', '{"unit": 12}');
    expect(loadDraft('unit', ['unit'])).toBeNull();
    window.sessionStorage.setItem('fibre-signup:draft:unit', 'not json');
    expect(loadDraft('unit', ['unit'])).toBeNull();
    window.sessionStorage.setItem(
      'fibre-signup:draft:unit',
      JSON.stringify({ unit: 'x'.repeat(5000) }),
    );
    expect(loadDraft('unit', ['unit'])).toBeNull();
  });

  it('drops a form’s draft when it passes, and every draft for a new sign-up', () => {
    saveDraft('unit', { unit: '7' });
    saveDraft('promo', { code: 'WWOMF' });
    clearDraft('unit');
    expect(loadDraft('unit', ['unit'])).toBeNull();
    expect(loadDraft('promo', ['code'])).toEqual({ code: 'WWOMF' });
    clearDrafts();
    expect(loadDraft('promo', ['code'])).toBeNull();
  });
});
