import { newLinkAnswer } from '@fibre/domain/api';
import { finishLaterMessages as words } from '@fibre/domain/shared';
import { StrictMode, useEffect, useRef, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { post } from '../shared/api/client.ts';
import { ConfigProvider } from '../shared/config/config-provider.tsx';
import { useConfig } from '../shared/config/config-context.tsx';
import { Footer } from '../shared/layout/footer.tsx';
import { Header, telHref } from '../shared/layout/header.tsx';
import { Button } from '../shared/ui/button.tsx';
import '../shared/styles/layout.css';

/*
 * A finish-later link that opens nothing (docs/rules/mail.md, "Finish later"): the page's header
 * (the provider's name and support phone, as the other pages show them), the link's message, the
 * support phone, and, for a used or expired link, 'Email me a new link'. It loads only when the
 * link does not open (its own chunk), so a link that works goes on to the wizard at once.
 */

export interface Trouble {
  heading: string;
  text: string;
  /** The link's token, when it may ask for a new link (used or expired). */
  token: string | null;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; until: string }
  | { kind: 'failed'; message: string };

/** 'Email me a new link': mailed where the first link went; the page never learns the address. */
function NewLink({ token }: { token: string }) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const send = async () => {
    if (status.kind === 'sending') return;
    setStatus({ kind: 'sending' });
    const result = await post(
      `/api/v1/public/signups/new-link/${encodeURIComponent(token)}`,
      {},
      newLinkAnswer,
    );
    if (result.ok) {
      const until = new Date(result.data.expires_at).toLocaleDateString('en-AU', {
        day: 'numeric',
        month: 'long',
      });
      setStatus({ kind: 'sent', until });
      return;
    }
    // The address's hourly limit, a newer link already mailed, or this client's budget: each in
    // its own words (the last as the server says it).
    const message =
      result.code === 'too_many_links'
        ? words.tooMany
        : result.code === 'link_superseded'
          ? words.newerLinkSent
          : result.status === 429
            ? result.message
            : words.failed;
    setStatus({ kind: 'failed', message });
  };
  return (
    <div className="resume-new-link">
      {status.kind !== 'sent' && (
        <Button busy={status.kind === 'sending'} onClick={() => void send()}>
          {words.newLinkButton}
        </Button>
      )}
      <p className="resume-status" role="status">
        {status.kind === 'sent' ? words.newLinkSent(status.until) : ''}
      </p>
      {status.kind === 'failed' && (
        <p className="resume-error" role="alert">
          {status.message}
        </p>
      )}
    </div>
  );
}

function Message({ trouble, phone }: { trouble: Trouble; phone?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="resume-page">
      <h1 ref={heading} tabIndex={-1}>
        {trouble.heading}
      </h1>
      <p>{trouble.text}</p>
      {trouble.token && <NewLink token={trouble.token} />}
      {phone}
      <a className="button button--secondary resume-again" href="/">
        {words.startAgain}
      </a>
    </div>
  );
}

function SupportPhone() {
  const { site } = useConfig();
  return (
    <p className="resume-phone">
      {words.callUs} <a href={telHref(site.supportPhone)}>{site.supportPhone}</a>.
    </p>
  );
}

function LinkTrouble({ trouble }: { trouble: Trouble }) {
  // Without the provider's configuration the message still shows, without the header.
  const bare = (
    <main id="main" className="main">
      <div className="page">
        <Message trouble={trouble} />
      </div>
    </main>
  );
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ConfigProvider loading={bare} failed={() => bare}>
        <Header />
        <main id="main" className="main">
          <div className="page">
            <Message trouble={trouble} phone={<SupportPhone />} />
          </div>
        </main>
        <Footer />
      </ConfigProvider>
    </>
  );
}

/** Draws the page in place of the opening link's. */
export function showTrouble(root: HTMLElement, trouble: Trouble): void {
  createRoot(root).render(
    <StrictMode>
      <LinkTrouble trouble={trouble} />
    </StrictMode>,
  );
}
