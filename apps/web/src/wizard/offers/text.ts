/** The offer code's words, shared by the steps that show an offer code (Build Plan, Payment). */
export const text = {
  confirmOffer: 'Confirm Offer',
  confirmOfferIntro: 'Only one offer can apply to your order. Which would you like?',
  keepCurrent: (words: string) => `Keep my current offer: ${words}`,
  useCode: (code: string, words: string) => `Use ${code}: ${words}`,
} as const;
