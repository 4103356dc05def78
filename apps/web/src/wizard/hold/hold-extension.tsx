import { timeLabel } from '@fibre/domain/scheduling';
import { useEffect, useRef, useState } from 'react';
import { extendReservation } from '../../shared/api/scheduling.ts';
import { rememberExtension, spentExtension } from './extension-memory.ts';
import { revealNearest } from './reveal.ts';
import { useConfig } from '../../shared/config/config-context.tsx';
import { useDispatch, useWizard } from '../store/store-context.tsx';
import { Button } from '../../shared/ui/button.tsx';

/** When the offer shows: one minute before the hold runs out. */
export const EXTENSION_OFFER_SECONDS = 60;

const minutesText = (minutes: number) => `${minutes} more minute${minutes === 1 ? '' : 's'}`;

/** The offer's words (docs/rules/installation-and-holds.md#extending-a-hold). */
export const extensionText = {
  title: 'Need more time?',
  offer: (minutes: number | null) =>
    minutes === null
      ? 'Your installation time is held for less than a minute.'
      : `Your installation time is held for less than a minute. You can add ${minutesText(minutes)}, once.`,
  button: (minutes: number | null) =>
    minutes === null ? 'Add more time' : `Add ${minutesText(minutes)}`,
  extended: (until: string) => `Done: your installation time is now held until ${until}.`,
  refused:
    'Sorry, we couldn’t add more time. Your installation time is held until the countdown ends.',
} as const;

/** The hold period in whole minutes, at least one; null when the server did not say. */
export function holdMinutes(holdSeconds: number): number | null {
  return holdSeconds > 0 ? Math.max(1, Math.round(holdSeconds / 60)) : null;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'busy' }
  /** Announced; the countdown moves to `expiresAt` once the announcement is on the page. */
  | { kind: 'extended'; expiresAt: string; until: string; moved: boolean }
  | { kind: 'refused' };

interface Props {
  secondsLeft: number;
  /** The address's state's zone: the new expiry is said in it, as every time is. */
  timeZone: string;
  /** Brings the offer into view when it shows (the installation step: it takes no focus). */
  reveal?: boolean;
}

/**
 * 'Need more time?' (docs/rules/installation-and-holds.md#extending-a-hold): one minute before the
 * hold runs out a polite, non-modal offer shows below the countdown, once per hold. Accepting
 * renews the hold on the server; the status line announces until when, and only then does the
 * countdown move forward. A refusal is said and the old countdown goes on.
 */
export function HoldExtension({ secondsLeft, timeZone, reveal = false }: Props) {
  const { site } = useConfig();
  const { reservations } = useWizard();
  const dispatch = useDispatch();
  const reservation = reservations.reservation;
  const holdId = reservation?.reservation_id ?? null;
  // What happened to this hold's extension here; another hold starts afresh.
  const [state, setState] = useState<{ holdId: string | null; phase: Phase }>({
    holdId,
    phase: { kind: 'idle' },
  });
  const phase: Phase = state.holdId === holdId ? state.phase : { kind: 'idle' };
  const setPhase = (next: Phase, id = holdId) => setState({ holdId: id, phase: next });
  const status = useRef<HTMLParagraphElement>(null);
  const minutes = holdMinutes(site.holdSeconds);

  // The announcement is on the page (committed) before the countdown moves, and it only moves
  // forward: the same hold, held until the later of the two expiries.
  const { slot } = reservations;
  useEffect(() => {
    if (state.phase.kind !== 'extended' || state.phase.moved) return;
    setState({ ...state, phase: { ...state.phase, moved: true } });
    if (!reservation || !slot || reservation.reservation_id !== state.holdId) return;
    const expiresAt = state.phase.expiresAt;
    if (Date.parse(expiresAt) <= Date.parse(reservation.expires_at)) return;
    dispatch({
      type: 'reservations/changed',
      change: { to: 'held', reservation: { ...reservation, expires_at: expiresAt }, slot },
    });
  }, [state, reservation, slot, dispatch]);

  const offered =
    reservation !== null &&
    spentExtension(holdId) === null &&
    secondsLeft > 0 &&
    secondsLeft <= EXTENSION_OFFER_SECONDS;
  const busy = phase.kind === 'busy';
  const showOffer = offered || busy;

  // Where the visitor is looking: the offer is brought into view once when it shows.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reveal && offered) revealNearest(box.current);
  }, [reveal, offered]);

  async function extend(pressed: HTMLElement) {
    if (!reservation || busy) return;
    const id = reservation.reservation_id;
    setPhase({ kind: 'busy' }, id);
    const askedAt = Date.now();
    const answer = await extendReservation(site.provider, id);
    rememberExtension(id, answer.ok ? 'extended' : 'refused');
    if (!answer.ok) {
      setPhase({ kind: 'refused' }, id);
    } else {
      // As for the hold itself (use-hold.ts), the countdown runs on this device's clock: the hold
      // period from when the renewal was asked for ends no later than the server's new expiry.
      const expiresAt =
        site.holdSeconds > 0
          ? new Date(askedAt + site.holdSeconds * 1000).toISOString()
          : answer.data.expires_at;
      setPhase(
        { kind: 'extended', expiresAt, until: timeLabel(expiresAt, timeZone), moved: false },
        id,
      );
    }
    // The button goes: the visitor who pressed it is taken to what happened.
    if (document.activeElement === pressed || document.activeElement === document.body) {
      requestAnimationFrame(() => status.current?.focus());
    }
  }

  const message =
    phase.kind === 'extended'
      ? extensionText.extended(phase.until)
      : phase.kind === 'refused'
        ? extensionText.refused
        : showOffer
          ? extensionText.offer(minutes)
          : '';
  const tone = showOffer ? 'offer' : phase.kind;

  return (
    <div ref={box} className={`hold-extension${message ? ` hold-extension--${tone}` : ''}`}>
      {/* Always on the page, so what is put in it is announced (politely: it never interrupts). */}
      <p ref={status} role="status" tabIndex={-1} className="hold-extension__status">
        {showOffer && <strong className="hold-extension__title">{extensionText.title} </strong>}
        {message}
      </p>
      {showOffer && (
        <Button
          variant="secondary"
          busy={busy}
          onClick={(event) => void extend(event.currentTarget)}
        >
          {extensionText.button(minutes)}
        </Button>
      )}
    </div>
  );
}
