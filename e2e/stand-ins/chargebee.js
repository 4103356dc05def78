/* global window, document, location */
/*
 * Stand-in for https://js.chargebee.com/v2/chargebee.js in browser tests: the documented surface
 * of Chargebee.js Card Components ("fields mode") that the wizard uses, and nothing more.
 *
 *   Chargebee.init({site, publishableKey}) -> instance; Chargebee.getInstance()
 *   instance.load('components') -> Promise
 *   instance.createComponent('card', {style, classes, fonts, placeholder, locale})
 *   component.createField('number' | 'expiry' | 'cvv', {placeholder, ariaLabel}).at(selector)
 *   component.mount() -> Promise (resolves when every field's frame is ready)
 *   component.on / field.on('ready' | 'change' | 'focus' | 'blur', listener)
 *   field.focus(), field.destroy()
 *   component.tokenize(additionalData) -> Promise<{token}> or a rejection
 *
 * As with the real script, each field is an iframe served from js.chargebee.com
 * (chargebee-field.html): card data stays in those frames. This script only passes messages; the
 * number field's frame reads its sibling frames (same origin) and makes the token. The documented
 * `classes` are put on each field's container as its state changes.
 *
 * What the tests read: window.__chargebeeStandIn = {init: [options], tokenize: [{additionalData,
 * token} | {additionalData, error}]}.
 */
(function () {
  'use strict';

  var ORIGIN = 'https://js.chargebee.com';
  var FIELD_PAGE = ORIGIN + '/v2/stand-in/card-field.html';
  var record = (window.__chargebeeStandIn = { init: [], tokenize: [] });
  var instance = null;
  var components = 0;

  function emitter() {
    var listeners = {};
    return {
      on: function (event, listener) {
        (listeners[event] = listeners[event] || []).push(listener);
      },
      emit: function (event, payload) {
        (listeners[event] || []).forEach(function (listener) {
          listener(payload);
        });
      },
    };
  }

  function createComponent(type, options) {
    if (type !== 'card') throw new Error('stand-in: only the card component is implemented');
    options = options || {};
    var id = 'cbc' + ++components;
    var events = emitter();
    var fields = [];
    var pending = {};
    var requests = 0;
    var mounted = false;

    function post(field, message) {
      if (field.frame && field.frame.contentWindow) {
        field.frame.contentWindow.postMessage(message, ORIGIN);
      }
    }

    function setClass(field, state, on) {
      var name = options.classes && options.classes[state];
      if (name && field.container) field.container.classList.toggle(name, Boolean(on));
    }

    window.addEventListener('message', function (event) {
      if (event.origin !== ORIGIN || !event.data || event.data.component !== id) return;
      var data = event.data;
      var field = fields.filter(function (f) {
        return f.frame && f.frame.contentWindow === event.source;
      })[0];
      if (data.type === 'tokenized') {
        var request = pending[data.request];
        delete pending[data.request];
        if (request) request(data);
        return;
      }
      if (!field) return;
      if (data.type === 'loaded') {
        post(field, {
          type: 'configure',
          style: options.style || {},
          placeholder:
            field.options.placeholder !== undefined
              ? field.options.placeholder
              : (options.placeholder || {})[field.type],
          ariaLabel: field.options.ariaLabel,
          locale: options.locale,
        });
      } else if (data.type === 'ready') {
        field.ready = true;
        setClass(field, 'empty', true);
        field.events.emit('ready', field.api);
        if (field.onReady) field.onReady();
      } else if (data.type === 'change') {
        var state = { field: field.type, empty: data.empty, complete: data.complete };
        if (data.error) state.error = data.error;
        // Documented for the number field: the card's type as its first digits tell it.
        if (data.cardType) state.cardType = data.cardType;
        setClass(field, 'empty', data.empty);
        setClass(field, 'complete', data.complete);
        setClass(field, 'invalid', Boolean(data.error));
        field.events.emit('change', state);
        events.emit('change', state);
      } else if (data.type === 'focus' || data.type === 'blur') {
        setClass(field, 'focus', data.type === 'focus');
        field.events.emit(data.type, { field: field.type });
        events.emit(data.type, { field: field.type });
      }
    });

    var component = {
      on: function (event, listener) {
        events.on(event, listener);
      },
      createField: function (fieldType, fieldOptions) {
        if (['number', 'expiry', 'cvv'].indexOf(fieldType) < 0) {
          throw new Error('stand-in: unknown field ' + fieldType);
        }
        var field = {
          type: fieldType,
          options: fieldOptions || {},
          events: emitter(),
          selector: null,
          container: null,
          frame: null,
          ready: false,
        };
        field.api = {
          on: function (event, listener) {
            field.events.on(event, listener);
            return field.api;
          },
          focus: function () {
            if (!field.frame) return;
            field.frame.focus();
            post(field, { type: 'focus' });
          },
          blur: function () {
            post(field, { type: 'blur' });
          },
          clear: function () {
            post(field, { type: 'clear' });
          },
          destroy: function () {
            if (field.frame) field.frame.remove();
            field.frame = null;
          },
        };
        fields.push(field);
        return {
          at: function (selector) {
            field.selector = selector;
            return field.api;
          },
        };
      },
      mount: function () {
        if (mounted) return Promise.resolve(true);
        mounted = true;
        return Promise.all(
          fields.map(function (field) {
            return new Promise(function (resolve, reject) {
              var container = document.querySelector(field.selector);
              if (!container) {
                reject(new Error('stand-in: no element matches ' + field.selector));
                return;
              }
              var frame = document.createElement('iframe');
              frame.name = id + '-' + field.type;
              frame.src =
                FIELD_PAGE +
                '?field=' +
                encodeURIComponent(field.type) +
                '&component=' +
                encodeURIComponent(id) +
                '&parent=' +
                encodeURIComponent(location.origin);
              frame.setAttribute('frameborder', '0');
              frame.setAttribute('scrolling', 'no');
              frame.setAttribute('allowtransparency', 'true');
              frame.style.cssText =
                'border:none;width:100%;height:1.5em;display:block;overflow:hidden;background:transparent';
              field.container = container;
              field.frame = frame;
              field.onReady = function () {
                resolve(true);
              };
              container.appendChild(frame);
            });
          }),
        ).then(function () {
          return true;
        });
      },
      tokenize: function (additionalData) {
        var entry = { additionalData: additionalData === undefined ? null : additionalData };
        record.tokenize.push(entry);
        var number = fields.filter(function (f) {
          return f.type === 'number' && f.ready;
        })[0];
        if (!number || fields.length < 3) {
          entry.error = 'not mounted';
          return Promise.reject({ name: 'not_mounted', message: 'Card fields are not mounted' });
        }
        var request = 'r' + ++requests;
        return new Promise(function (resolve, reject) {
          pending[request] = function (answer) {
            if (answer.token) {
              entry.token = answer.token;
              resolve({ token: answer.token });
            } else {
              entry.error = answer.error && answer.error.message;
              reject(answer.error);
            }
          };
          post(number, { type: 'tokenize', request: request, additionalData: additionalData });
        });
      },
    };
    return component;
  }

  window.Chargebee = {
    init: function (options) {
      record.init.push(options);
      if (!options || !options.site || !options.publishableKey) {
        throw new Error('stand-in: Chargebee.init needs site and publishableKey');
      }
      instance = {
        load: function (module) {
          if (module !== 'components') return Promise.reject(new Error('unknown module'));
          return Promise.resolve(true);
        },
        createComponent: createComponent,
      };
      return instance;
    },
    getInstance: function () {
      if (!instance) throw new Error('Chargebee instance is not created');
      return instance;
    },
  };
})();
