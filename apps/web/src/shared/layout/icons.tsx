/* Small inline icons (no icon font: nothing to fetch, nothing for the CSP to allow). */
const common = {
  viewBox: '0 0 24 24',
  width: 20,
  height: 20,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

export const PhoneIcon = () => (
  <svg {...common}>
    <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
  </svg>
);

export const MailIcon = () => (
  <svg {...common}>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <path d="M22 6l-10 7L2 6" />
  </svg>
);

export const UserIcon = () => (
  <svg {...common}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </svg>
);

export const MenuIcon = () => (
  <svg {...common}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </svg>
);

export const CheckIcon = ({ size = 20 }: { size?: number }) => (
  <svg {...common} width={size} height={size} strokeWidth={2.5}>
    <path d="M20 6L9 17l-5-5" />
  </svg>
);

export const LogoMark = () => (
  <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
    <rect width="32" height="32" rx="9" fill="var(--brand)" />
    <path
      d="M8 19.5c4.4-7.3 11.6-7.3 16 0M11.5 22c2.6-4 6.4-4 9 0"
      fill="none"
      stroke="#fff"
      strokeWidth="2.4"
      strokeLinecap="round"
    />
    <circle cx="16" cy="23.4" r="1.9" fill="#fff" />
  </svg>
);

const socialPaths: Record<string, string> = {
  facebook: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5z',
  instagram:
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5v.01',
  linkedin:
    'M4 9h4v12H4zM6 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm4 6h4v2c.6-1.1 2-2.2 4-2.2 3.4 0 4 2.2 4 5.2v7h-4v-6c0-1.5 0-3.2-2-3.2s-2.2 1.5-2.2 3V21H10z',
};

export function SocialIcon({ name }: { name: string }) {
  const path = socialPaths[name.toLowerCase()];
  return (
    <svg {...common} width={18} height={18}>
      {path ? <path d={path} /> : <circle cx="12" cy="12" r="9" />}
    </svg>
  );
}
