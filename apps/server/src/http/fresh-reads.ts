/**
 * Reads shared by the callers that wait at the same time, but never a read that began before a
 * caller asked (docs/decisions/022-kept-answers.md): a caller that arrives while a read of
 * its key is under way waits for the next one, which starts as soon as that one ends and answers
 * every caller that arrived meanwhile. So at most two reads of a key are ever pending, one running
 * and one queued, however many callers ask; and every caller gets what the database held after it
 * asked.
 */
export function freshReads<T>(): (key: string, read: () => Promise<T>) => Promise<T> {
  interface Slot {
    running?: Promise<T>;
    queued?: Promise<T>;
  }
  const slots = new Map<string, Slot>();

  const start = (key: string, slot: Slot, read: () => Promise<T>): Promise<T> => {
    const running: Promise<T> = read().finally(() => {
      if (slot.running === running) slot.running = undefined;
      if (!slot.running && !slot.queued) slots.delete(key);
    });
    slot.running = running;
    return running;
  };

  return (key, read) => {
    let slot = slots.get(key);
    if (!slot) {
      slot = {};
      slots.set(key, slot);
    }
    if (slot.queued) return slot.queued;
    if (!slot.running) return start(key, slot, read);
    const current = slot;
    const queued = current
      .running!.then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        current.queued = undefined;
        return start(key, current, read);
      });
    current.queued = queued;
    return queued;
  };
}
