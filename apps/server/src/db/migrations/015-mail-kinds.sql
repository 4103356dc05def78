-- The mail the order page and the reminder send (docs/rules/mail.md): a rescheduled or cancelled
-- installation, and the reminder the day before it. A reminder is made once per order and window:
-- a second for the same window is refused by the index, however many instances look.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
  CHECK (kind IN ('order.confirmation', 'order.rescheduled', 'order.cancelled', 'order.reminder'));
ALTER TABLE mail_outbox ADD COLUMN window_start timestamptz;
CREATE UNIQUE INDEX mail_outbox_one_reminder ON mail_outbox (order_id, window_start)
  WHERE kind = 'order.reminder';
