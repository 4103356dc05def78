import type { OrderPageAnswer } from '@fibre/domain/api';
import { formatMoment } from '@fibre/domain/scheduling';

/*
 * The order page's words (docs/rules/order-page.md). The refusals' sentences come from the server
 * with the provider's phone in them; these are the page's own.
 */

type Status = OrderPageAnswer['status'];

export const statusLabels: Record<Status, string> = {
  confirmed: 'Confirmed',
  needs_attention: 'Being finalised',
  pending: 'Processing',
  cancelled: 'Cancelled',
};

/** Once the provider sets where the service is (docs/rules/orders.md#service-status). */
export const serviceLabels: Record<NonNullable<OrderPageAnswer['service_status']>, string> = {
  installed: 'Installed',
  active: 'Active',
  cancelled: 'Service cancelled',
};

/** 'Wednesday 2 December 2026, 8:00 am AEDT': a moment in the window's zone. */
export const momentLabel = (iso: string, timeZone: string) => formatMoment(new Date(iso), timeZone);

export const text = {
  title: (provider: string) => `Your order | ${provider}`,
  heading: 'Your order',
  reference: (id: string) => `Order reference ${id}`,
  placed: (when: string) => `Placed ${when}`,
  status: 'Status',
  progressTitle: 'Where your order is',
  stepDone: 'done',
  stepCurrent: 'current step',
  serviceCancelled: 'Your service has been cancelled.',
  installationTitle: 'Installation',
  zoneNote: (city: string) => `Times are in ${city} time, where you are connecting.`,
  changeUntil: (when: string) => `You can change or cancel online until ${when}.`,
  reschedule: 'Change installation time',
  orderedTitle: 'What you ordered',
  plan: 'Plan',
  router: 'Router',
  addOns: 'Add-ons',
  coupon: 'Promo code',
  charges: 'Charges',
  cancelTitle: 'Cancel your order',
  cancelIntro:
    'Cancelling gives up your installation time and stops billing. You will not be charged for a service that was never connected.',
  cancel: 'Cancel order',
  questions: 'Questions? Call us on',
  orEmail: 'or email',
  // Reschedule
  rescheduleTitle: 'Choose a new installation time',
  rescheduleIntro:
    'Choose a date, then an arrival window. Times less than 24 hours away cannot be booked online.',
  loadSlotsFailed: 'We couldn’t load the installation times.',
  confirmNew: 'Confirm new time',
  keepCurrent: 'Keep current time',
  chosen: (when: string) => `New time: ${when}`,
  chooseWindowFirst: 'Please choose a new arrival window first.',
  rescheduled: (when: string) =>
    `Your installation is now ${when}. We have emailed you the new time.`,
  // Cancel dialog
  cancelDialogTitle: 'Cancel this order?',
  cancelDialogText: (when: string) =>
    `Your installation on ${when} will be cancelled and billing stopped. This cannot be undone online.`,
  confirmCancel: 'Yes, cancel order',
  keepOrder: 'Keep my order',
  cancelled: 'Your order is cancelled. We have emailed you a confirmation.',
  // Loading and failures
  loading: 'Loading your order…',
  notFoundTitle: 'Order not found',
  notFound: 'We could not find this order. Please use the link in your latest email, or call us.',
  callUs: (phone: string) => `Call us on ${phone}`,
  loadFailed: 'We could not load your order just now. Please check your connection and try again.',
  tryAgain: 'Try again',
  changeFailed:
    'Your order could not be changed just now, so it is unchanged. Please try again in a few minutes.',
} as const;
