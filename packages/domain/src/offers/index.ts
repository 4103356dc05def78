// Campaigns, coupon codes and the discounts they give (docs/rules/offers-and-coupons.md).
export * from './campaigns.ts';
export * from './coupons.ts';
export * from './discounts.ts';
