/* global window, document */
/*
 * Stand-in for Google Tag Manager's container script (https://www.googletagmanager.com/gtm.js),
 * implementing the documented surface the wizard relies on:
 * - it is loaded by the container snippet with `?id=GTM-...` and the page's nonce;
 * - it reads the existing `window.dataLayer` (the snippet's 'gtm.js' start event first) and wraps
 *   `dataLayer.push`, still appending to the array, so later pushes reach it as they happen;
 * - like a Custom HTML tag, it injects a script carrying the nonce it was loaded with (Tag
 *   Manager's CSP guide), and, as a tag written without the nonce would, one without it.
 * What it saw is recorded on window.__gtmStandIn for the test.
 */
(function () {
  var script = document.currentScript;
  var record = {
    id: new URL(script.src).searchParams.get('id'),
    nonce: script.nonce || script.getAttribute('nonce') || '',
    events: [],
    noncedTagRan: false,
    unnoncedTagRan: false,
  };
  window.__gtmStandIn = record;

  var layer = (window.dataLayer = window.dataLayer || []);
  var see = function (entry) {
    record.events.push(JSON.parse(JSON.stringify(entry)));
  };
  layer.forEach(see);
  var push = layer.push;
  layer.push = function () {
    for (var i = 0; i < arguments.length; i++) see(arguments[i]);
    return push.apply(layer, arguments);
  };

  var tag = document.createElement('script');
  tag.setAttribute('nonce', record.nonce);
  tag.textContent = 'window.__gtmStandIn.noncedTagRan = true;';
  document.head.appendChild(tag);

  var unnonced = document.createElement('script');
  unnonced.textContent = 'window.__gtmStandIn.unnoncedTagRan = true;';
  document.head.appendChild(unnonced);
})();
