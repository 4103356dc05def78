// What other features may use of signups/ (apps/server/README.md, Layout).
export { createFinishReminderSweep, type FinishReminderSweep } from './reminder.ts';
