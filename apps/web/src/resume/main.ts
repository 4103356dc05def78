import { finishLaterMessages as words } from '@fibre/domain/shared';
import { HOLD_SESSION_KEY } from '../shared/api/hold-session.ts';
import { STORAGE_KEY } from '../wizard/store/persistence.ts';
import '../shared/styles/global.css';
import './resume.css';

/*
 * The link to finish a sign-up later (docs/rules/mail.md, "Finish later"): its own page,
 * resume.html at /resume/<token>, so nothing of it is in the wizard's bundle. It opens the link
 * once (the server marks it used), puts the saved state where the wizard keeps its own for the
 * tab (sessionStorage, wizard/store/persistence.ts), and opens the wizard, which resumes on the
 * furthest step that state supports. A link that is used, expired or unknown gets its message.
 */

const DRAFT_PREFIX = 'fibre-signup:draft:';

/**
 * A link that opens nothing: the page with the provider's header and phone, loaded only then
 * (link-trouble.tsx); a used or expired link's token may ask for a new link.
 */
async function show(heading: string, text: string, token: string | null): Promise<void> {
  const { showTrouble } = await import('./link-trouble.tsx');
  showTrouble(document.getElementById('root')!, { heading, text, token });
}

interface Answer {
  snapshot?: unknown;
  hold_session?: unknown;
  error?: unknown;
}

async function resume(): Promise<void> {
  const token = location.pathname.split('/')[2] ?? '';
  document.getElementById('resume-status')!.textContent = words.restoring;
  let status = 0;
  let answer: Answer = {};
  try {
    const res = await fetch(`/api/v1/public/signups/resume/${encodeURIComponent(token)}`, {
      method: 'POST',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
    status = res.status;
    answer = (await res.json()) as Answer;
  } catch {
    status = 0;
  }
  if (status === 200 && answer.snapshot && typeof answer.snapshot === 'object') {
    try {
      // What another sign-up typed in this tab is not this one's.
      for (const key of Object.keys(sessionStorage))
        if (key.startsWith(DRAFT_PREFIX)) sessionStorage.removeItem(key);
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(answer.snapshot));
      if (typeof answer.hold_session === 'string')
        sessionStorage.setItem(HOLD_SESSION_KEY, answer.hold_session);
    } catch {
      // Storage refused (private mode): the wizard opens at the start.
    }
    location.replace('/');
    return;
  }
  if (answer.error === 'link_expired') await show(words.expiredHeading, words.expired, token);
  else if (answer.error === 'link_used') await show(words.usedHeading, words.used, token);
  else if (status === 404) await show(words.notFoundHeading, words.notFound, null);
  else await show(words.notFoundHeading, words.failedOpen, null);
}

void resume();
