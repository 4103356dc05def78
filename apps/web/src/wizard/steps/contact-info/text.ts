/**
 * Step 3's words (field labels are the names of docs/rules/wizard-flow.md; messages are the
 * domain's).
 */
export const text = {
  heading: 'Contact info',
  intro: 'Who should we contact about your connection and installation?',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  confirmEmail: 'Confirm email',
  confirmEmailHint: 'Please type your email again. Pasting is turned off for this field.',
  mobile: 'Mobile',
  mobileHint: 'For example 0412 345 678 or +61 412 345 678.',
  howDidYouHear: 'How did you hear about us?',
  choose: 'Please choose',
  goBack: 'Go back',
  continue: 'Continue',
} as const;
