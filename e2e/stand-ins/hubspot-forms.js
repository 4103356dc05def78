/* global window, document */
/*
 * Stand-in for https://js.hsforms.net/forms/embed/v2.js in browser tests: the documented surface
 * of HubSpot's forms embed that the wizard uses, and nothing more.
 *
 *   hbspt.forms.create({region, portalId, formId, target, onFormReady, onFormSubmit,
 *                       onFormSubmitted})
 *
 * As the real embed does, it renders the form into the element `target` selects after a moment
 * (the real one fetches the form's definition first), then calls onFormReady($form). On a valid
 * submit it calls onFormSubmit($form), "sends" it, replaces the form with the form's inline
 * thank-you message and calls onFormSubmitted($form, {redirectUrl, submissionValues}). With no
 * jQuery on the page, $form is the form element. The form holds the fields of HubSpot's default
 * contact form (firstname, lastname, email, phone) and the address field (`address`).
 *
 * Variants, set before the page loads: window.__hubspotStandInConfig = {addressField: false}
 * (a form without the address field), {neverReady: true} (create renders nothing, as with a form
 * id HubSpot does not know).
 *
 * What the tests read: window.__hubspotStandIn = {create: [options without the callbacks, plus
 * `callbacks`: the names of those given], submissions: [submissionValues]}.
 */
(function () {
  'use strict';

  var config = window.__hubspotStandInConfig || {};
  var record = (window.__hubspotStandIn = { create: [], submissions: [] });
  var forms = 0;

  var fields = [
    { name: 'firstname', label: 'First name', type: 'text', autocomplete: 'given-name' },
    { name: 'lastname', label: 'Last name', type: 'text', autocomplete: 'family-name' },
    { name: 'email', label: 'Email', type: 'email', autocomplete: 'email', required: true },
    { name: 'phone', label: 'Phone number', type: 'tel', autocomplete: 'tel' },
  ];
  if (config.addressField !== false) {
    fields.push({
      name: 'address',
      label: 'Street address',
      type: 'text',
      autocomplete: 'street-address',
    });
  }

  function field(spec, formNumber) {
    var id = spec.name + '-hs-form-' + formNumber;
    var wrapper = document.createElement('div');
    wrapper.className = 'hs-form-field';
    var label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = spec.label + (spec.required ? '*' : '');
    var input = document.createElement('input');
    input.id = id;
    input.name = spec.name;
    input.type = spec.type;
    input.autocomplete = spec.autocomplete;
    input.className = 'hs-input';
    if (spec.required) input.required = true;
    wrapper.append(label, input);
    return wrapper;
  }

  function values(form) {
    var submitted = {};
    fields.forEach(function (spec) {
      submitted[spec.name] = form.elements.namedItem(spec.name).value;
    });
    return submitted;
  }

  function render(options) {
    var target = document.querySelector(options.target);
    if (!target) return;
    forms += 1;
    var form = document.createElement('form');
    form.className = 'hs-form';
    form.noValidate = true;
    fields.forEach(function (spec) {
      form.append(field(spec, forms));
    });
    var error = document.createElement('p');
    error.className = 'hs-error-msgs';
    error.setAttribute('role', 'alert');
    var submit = document.createElement('input');
    submit.type = 'submit';
    submit.className = 'hs-button primary';
    submit.value = 'Submit';
    form.append(error, submit);
    target.append(form);

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var email = form.elements.namedItem('email');
      if (!email.value.trim()) {
        error.textContent = 'Please complete this required field.';
        return;
      }
      error.textContent = '';
      if (options.onFormSubmit) options.onFormSubmit(form);
      var submissionValues = values(form);
      record.submissions.push(submissionValues);
      setTimeout(function () {
        var thanks = document.createElement('div');
        thanks.className = 'submitted-message';
        thanks.textContent = 'Thanks for submitting the form.';
        form.replaceWith(thanks);
        if (options.onFormSubmitted) {
          options.onFormSubmitted(form, { redirectUrl: '', submissionValues: submissionValues });
        }
      }, 50);
    });

    if (options.onFormReady) options.onFormReady(form);
  }

  window.hbspt = {
    forms: {
      create: function (options) {
        var copy = { callbacks: [] };
        Object.keys(options).forEach(function (key) {
          if (typeof options[key] === 'function') copy.callbacks.push(key);
          else copy[key] = options[key];
        });
        record.create.push(copy);
        if (config.neverReady) return;
        setTimeout(function () {
          render(options);
        }, 50);
      },
    },
  };
})();
