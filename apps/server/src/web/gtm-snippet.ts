/**
 * Google Tag Manager's container snippet in its nonce-aware form (Tag Manager's "Using Google Tag
 * Manager with a Content Security Policy"): the inline script carries the page's nonce and hands
 * it to the gtm.js script it inserts, which hands it to custom HTML tags. `id` is checked at
 * start-up (config.ts: GTM-[A-Z0-9]+) and the nonce is base64, so neither can break out.
 */
export function gtmSnippet(id: string, nonce: string): string {
  return (
    `<script nonce="${nonce}">(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':` +
    `new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],` +
    `j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src=` +
    `'https://www.googletagmanager.com/gtm.js?id='+i+dl;var n=d.querySelector('[nonce]');` +
    `n&&j.setAttribute('nonce',n.nonce||n.getAttribute('nonce'));f.parentNode.insertBefore(j,f);` +
    `})(window,document,'script','dataLayer','${id}');</script>`
  );
}
