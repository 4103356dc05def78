import './embedded-lead-form.css';

/** What every lead form says above its fields. */
export function LeadIntro({ formattedAddress }: { formattedAddress: string }) {
  return (
    <p className="lead-form__intro">
      Leave your details and we’ll let you know when {formattedAddress} can connect.
    </p>
  );
}

/** The thank-you every lead form shows once the visitor's details are taken. */
export function LeadThanks({
  email,
  formattedAddress,
}: {
  email: string;
  formattedAddress: string;
}) {
  return (
    <div className="lead-thanks" role="status">
      <p className="lead-thanks__title">Thank you for registering!</p>
      {email ? (
        <p>
          We’ll email <strong>{email}</strong> as soon as our fibre network reaches{' '}
          {formattedAddress}.
        </p>
      ) : (
        <p>We’ll let you know as soon as our fibre network reaches {formattedAddress}.</p>
      )}
    </div>
  );
}
