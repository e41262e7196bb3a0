// crmkit's website widget: `<script src="{workspace_url}/widget.js" data-svc-form="fm_...">` shows a
// public form of the workspace (spec 4.12). A plain browser script with no dependencies; the mock
// serves it as written (scripts/build-widget.ts embeds it in widget-source.ts, so that the MSW face
// in a browser serves it too: run `npm run widget` after editing).
//
// Attributes of the script tag:
//   data-svc-form=<form id>   the form to show
//   data-mode=popup           a popup behind a floating button, instead of in place
//   data-button=<text>        the button's text; `none` hides the button
//   data-target=<selector>    renders the form inline inside the matching element
//   data-lang=uz|ru|en        the form's language
//   data-theme=dark|auto      dark colors, or the visitor's color scheme
//   data-svc-chat=<channel>   the web chat bubble (not part of the mock: the document has no web chat API)
// A popup also opens from a link to `#svc-<form id>`, from any element with `data-svc-open=<form id>`,
// and from `Svc.open(<form id>)`. After a submission a `svc:form-submitted` window event carries
// `event.detail.form`. Everything renders in a closed shadow DOM (the page's CSS and scripts cannot
// reach in), and no request carries cookies (`credentials: 'omit'`).
(function () {
  'use strict';

  var script = document.currentScript;
  if (!script || !script.src) return;

  var TEXTS = {
    en: {
      button: 'Contact us', loading: 'Loading…', close: 'Close', failed: 'The form could not be loaded.',
      error: 'Something went wrong; try again.', expired: 'The form was out of date and has been refreshed; send it again.',
      busy: 'Too many submissions; try again in a minute.', unavailable: 'This form is not available.', sending: 'Sending…',
    },
    ru: {
      button: 'Оставить заявку', loading: 'Загрузка…', close: 'Закрыть', failed: 'Не удалось загрузить форму.',
      error: 'Что-то пошло не так; попробуйте ещё раз.', expired: 'Форма устарела и обновлена; отправьте её ещё раз.',
      busy: 'Слишком много заявок; попробуйте через минуту.', unavailable: 'Эта форма недоступна.', sending: 'Отправка…',
    },
    uz: {
      button: 'Ariza qoldirish', loading: 'Yuklanmoqda…', close: 'Yopish', failed: "Formani yuklab bo'lmadi.",
      error: "Xatolik yuz berdi; qayta urinib ko'ring.", expired: 'Forma eskirgan va yangilandi; uni qayta yuboring.',
      busy: "Arizalar juda ko'p; bir daqiqadan keyin urinib ko'ring.", unavailable: 'Bu forma mavjud emas.', sending: 'Yuborilmoqda…',
    },
  };

  var CSS = [
    ':host{all:initial}',
    '.svc{--accent:#2563eb;--bg:#fff;--fg:#111827;--muted:#6b7280;--line:#d1d5db;--danger:#b91c1c;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg)}',
    '.svc.dark{--bg:#111827;--fg:#f9fafb;--muted:#9ca3af;--line:#374151;--danger:#f87171}',
    '@media (prefers-color-scheme:dark){.svc.auto{--bg:#111827;--fg:#f9fafb;--muted:#9ca3af;--line:#374151;--danger:#f87171}}',
    '.card{background:var(--bg);border:1px solid var(--line);border-radius:12px;padding:20px;max-width:420px;box-sizing:border-box}',
    'h2{margin:0 0 12px;font-size:20px}',
    'label{display:block;margin:10px 0 4px;font-weight:600}',
    'input,select,textarea{width:100%;box-sizing:border-box;padding:8px 10px;border:1px solid var(--line);border-radius:8px;background:var(--bg);color:var(--fg);font:inherit}',
    '.choice{display:flex;gap:8px;align-items:flex-start;font-weight:400}',
    '.choice input{width:auto;margin-top:3px}',
    '.req{color:var(--danger)}',
    '.err{color:var(--danger);font-size:13px;margin:4px 0 0;min-height:0}',
    '.status{margin:10px 0 0;color:var(--muted)}',
    '.send{margin-top:16px;width:100%;padding:10px;border:0;border-radius:8px;background:var(--accent);color:#fff;font:inherit;font-weight:600;cursor:pointer}',
    '.send[disabled]{opacity:.6;cursor:default}',
    '.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}',
    '.overlay{position:fixed;inset:0;background:rgba(0,0,0,.45);display:flex;align-items:center;justify-content:center;z-index:2147483646;padding:16px}',
    '.overlay .card{width:100%;max-height:90vh;overflow:auto;position:relative}',
    '.x{position:absolute;top:8px;right:10px;border:0;background:none;color:var(--muted);font-size:22px;cursor:pointer}',
    '.fab{position:fixed;right:20px;bottom:20px;z-index:2147483645;border:0;border-radius:999px;padding:12px 20px;background:var(--accent);color:#fff;font:600 15px system-ui,sans-serif;box-shadow:0 6px 20px rgba(0,0,0,.2);cursor:pointer}',
  ].join('\n');

  // A page with a Content-Security-Policy (the hosted page has one) lets the widget's own styles in
  // by the nonce it gave this script tag.
  var NONCE = script.nonce || '';

  var runtime = window.Svc && window.Svc.__svc;
  if (!runtime) {
    runtime = createRuntime(new URL(script.src, location.href).origin);
    window.Svc = { open: runtime.open, close: runtime.close, __svc: runtime };
  }
  runtime.boot(script);

  function createRuntime(defaultOrigin) {
    var forms = {}; // form id -> {origin, lang, theme}
    var popups = {}; // form id -> {host, overlay, mount}

    function settingsOf(formId) {
      return forms[formId] || { origin: defaultOrigin, lang: '', theme: '' };
    }

    function boot(tag) {
      var data = tag.dataset;
      if (data.svcChat && !data.svcForm) console.info('[svc] the web chat bubble is not part of this mock');
      var formId = data.svcForm;
      if (!formId) return;
      forms[formId] = { origin: new URL(tag.src, location.href).origin, lang: data.lang || '', theme: data.theme || '' };
      if (data.mode === 'popup') {
        if (data.button !== 'none') whenReady(function () { addButton(formId, data.button); });
        whenReady(function () { if (location.hash === '#svc-' + formId) open(formId); });
      } else {
        renderInline(tag, formId, data.target);
      }
    }

    function renderInline(tag, formId, selector) {
      var place = function () {
        var target = selector ? document.querySelector(selector) : null;
        if (selector && !target) return false;
        var host = hostElement(formId);
        if (target) target.appendChild(host);
        else if (tag.parentNode && tag.parentNode !== document.head) tag.parentNode.insertBefore(host, tag.nextSibling);
        else document.body.appendChild(host);
        showForm(frameIn(host, formId), formId, null);
        return true;
      };
      if (!place()) whenReady(function () { if (!place()) console.warn('[svc] no element matches data-target ' + selector); });
    }

    function addButton(formId, text) {
      var host = hostElement(formId);
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'fab';
      button.textContent = text || textsFor(settingsOf(formId).lang).button;
      button.addEventListener('click', function () { open(formId); });
      frameIn(host, formId).appendChild(button);
      document.body.appendChild(host);
    }

    function open(formId) {
      if (!formId) return;
      var popup = popups[formId];
      if (popup) {
        popup.overlay.hidden = false;
        focusFirst(popup.overlay);
        return;
      }
      var host = hostElement(formId);
      var overlay = document.createElement('div');
      overlay.className = 'overlay';
      overlay.setAttribute('role', 'dialog');
      overlay.setAttribute('aria-modal', 'true');
      overlay.addEventListener('click', function (event) { if (event.target === overlay) close(formId); });
      overlay.addEventListener('keydown', function (event) { if (event.key === 'Escape') close(formId); });
      frameIn(host, formId).appendChild(overlay);
      document.body.appendChild(host);
      popups[formId] = { host: host, overlay: overlay };
      showForm(overlay, formId, function () { close(formId); });
    }

    function close(formId) {
      var popup = popups[formId];
      if (popup) popup.overlay.hidden = true;
    }

    // Links to #svc-<form id> and elements with data-svc-open open popups, wherever they are on the page.
    document.addEventListener('click', function (event) {
      var element = event.target instanceof Element ? event.target.closest('[data-svc-open],a[href]') : null;
      if (!element) return;
      var formId = element.getAttribute('data-svc-open');
      if (!formId && element.hash && element.hash.indexOf('#svc-') === 0 && element.pathname === location.pathname && element.host === location.host) {
        formId = decodeURIComponent(element.hash.slice(5));
      }
      if (!formId) return;
      event.preventDefault();
      open(formId);
    });
    window.addEventListener('hashchange', function () {
      if (location.hash.indexOf('#svc-') === 0) open(decodeURIComponent(location.hash.slice(5)));
    });

    function hostElement(formId) {
      var host = document.createElement('div');
      host.setAttribute('data-svc-widget', formId);
      return host;
    }

    // The host's shadow root is closed: the page holds no reference to it, only this script does.
    // Everything the widget shows goes in the returned frame, which carries the theme.
    function frameIn(host, formId) {
      var root = host.attachShadow({ mode: 'closed' });
      var style = document.createElement('style');
      if (NONCE) style.nonce = NONCE;
      style.textContent = CSS;
      root.appendChild(style);
      var theme = settingsOf(formId).theme;
      var frame = document.createElement('div');
      frame.className = 'svc' + (theme === 'dark' ? ' dark' : theme === 'auto' ? ' auto' : '');
      root.appendChild(frame);
      return frame;
    }

    // Loads the configuration (with its fresh token) each time a form is shown, then renders it.
    function showForm(mount, formId, onClose) {
      var settings = settingsOf(formId);
      var card = document.createElement('div');
      card.className = 'card';
      mount.appendChild(card);
      var ui = textsFor(settings.lang);
      card.textContent = ui.loading;
      loadConfig(settings, formId).then(function (config) {
        card.textContent = '';
        formView(card, formId, settings, config, onClose);
      }, function (status) {
        card.textContent = status === 404 ? ui.unavailable : ui.failed;
        if (onClose) card.appendChild(closeButton(ui, onClose));
      });
    }

    return { open: open, close: close, boot: boot };
  }

  function loadConfig(settings, formId) {
    var query = settings.lang ? '?lang=' + encodeURIComponent(settings.lang) : '';
    return fetch(settings.origin + '/api/forms/' + encodeURIComponent(formId) + query, {
      credentials: 'omit',
      headers: { Accept: 'application/json' },
    }).then(function (response) {
      if (!response.ok) throw response.status;
      return response.json().then(function (config) {
        config.loadedAt = performance.now();
        return config;
      });
    });
  }

  // One rendered form: its inputs, the honeypot, consent, and the submission with its answers.
  function formView(card, formId, settings, config, onClose) {
    var ui = textsFor(settings.lang || config.lang);
    var form = document.createElement('form');
    form.noValidate = true;
    var title = document.createElement('h2');
    title.textContent = config.title;
    form.appendChild(title);
    if (/^#[0-9a-fA-F]{6}$/.test(config.color)) card.style.setProperty('--accent', config.color);
    var inputs = {};
    var errors = {};
    config.fields.forEach(function (field) {
      var built = buildField(field);
      inputs[field.id] = built;
      if (built.wrapper) form.appendChild(built.wrapper);
      var error = document.createElement('p');
      error.className = 'err';
      error.setAttribute('aria-live', 'polite');
      errors[field.id] = error;
      if (built.wrapper) form.appendChild(error);
    });
    // The honeypot: out of sight and out of the tab order; a person leaves it empty, a bot fills it.
    var trap = document.createElement('div');
    trap.className = 'trap';
    trap.setAttribute('aria-hidden', 'true');
    var website = document.createElement('input');
    website.name = 'website';
    website.tabIndex = -1;
    website.autocomplete = 'off';
    trap.appendChild(website);
    form.appendChild(trap);
    var consent = null;
    if (config.consent) {
      var consentLabel = document.createElement('label');
      consentLabel.className = 'choice';
      consent = document.createElement('input');
      consent.type = 'checkbox';
      consentLabel.appendChild(consent);
      consentLabel.appendChild(document.createTextNode(config.consent));
      form.appendChild(consentLabel);
      errors.consent = document.createElement('p');
      errors.consent.className = 'err';
      form.appendChild(errors.consent);
    }
    var send = document.createElement('button');
    send.type = 'submit';
    send.className = 'send';
    send.textContent = config.submit;
    form.appendChild(send);
    var status = document.createElement('p');
    status.className = 'status';
    status.setAttribute('aria-live', 'polite');
    form.appendChild(status);
    if (onClose) card.appendChild(closeButton(ui, onClose));
    card.appendChild(form);
    // A popup takes the focus to its first field; an inline form never steals it from the page.
    if (onClose) focusFirst(card);

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      if (send.disabled) return;
      send.disabled = true;
      status.textContent = ui.sending;
      Object.keys(errors).forEach(function (key) { errors[key].textContent = ''; });
      // The service drops a submission sent sooner than min_ms after loading: wait that out.
      var wait = config.loadedAt + config.min_ms + 50 - performance.now();
      setTimeout(submit, Math.max(0, wait));
    });

    function submit() {
      var answers = {};
      Object.keys(inputs).forEach(function (id) {
        var value = inputs[id].value();
        if (value !== '' && value !== false && !(Array.isArray(value) && value.length === 0)) answers[id] = value;
      });
      var body = { token: config.token, answers: answers, lang: config.lang };
      if (consent) body.consent = consent.checked;
      if (website.value) body.website = website.value;
      var utm = utmOfPage();
      if (utm) body.utm = utm;
      if (/^https?:\/\//.test(document.referrer) && document.referrer.length <= 2048) body.referrer = document.referrer;
      if (/^https?:\/\//.test(location.href) && location.href.length <= 2048) body.landing_page = location.href;
      fetch(settings.origin + '/api/forms/' + encodeURIComponent(formId) + '/submit', {
        method: 'POST',
        credentials: 'omit',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      }).then(function (response) {
        return response.json().catch(function () { return {}; }).then(function (payload) { answered(response.status, payload); });
      }, function () {
        finish(ui.error);
      });
    }

    function answered(statusCode, payload) {
      var error = (payload && payload.error) || {};
      if (statusCode === 201) {
        window.dispatchEvent(new CustomEvent('svc:form-submitted', { detail: { form: formId } }));
        var target = redirectTarget(payload.redirect_url);
        if (target) {
          location.assign(target);
          return;
        }
        card.textContent = '';
        var done = document.createElement('p');
        done.textContent = payload.success;
        card.appendChild(done);
        if (onClose) card.appendChild(closeButton(ui, onClose));
        return;
      }
      if (statusCode === 422 && error.fields) {
        Object.keys(error.fields).forEach(function (key) {
          (errors[key] || status).textContent = error.fields[key];
        });
        finish(errors[Object.keys(error.fields)[0]] ? '' : error.message);
        return;
      }
      if (error.code === 'form_expired') {
        // A fresh token; the visitor's answers stay, and the next send waits out min_ms again.
        loadConfig(settings, formId).then(function (fresh) {
          config.token = fresh.token;
          config.loadedAt = fresh.loadedAt;
          config.min_ms = fresh.min_ms;
          finish(ui.expired);
        }, function () { finish(ui.failed); });
        return;
      }
      if (statusCode === 429) return finish(ui.busy);
      if (statusCode === 404) return finish(ui.unavailable);
      finish(error.message || ui.error);
    }

    function finish(message) {
      status.textContent = message;
      send.disabled = false;
    }
  }

  function buildField(field) {
    var id = 'svc-' + field.id;
    if (field.type === 'hidden') {
      // A hidden field takes the page address's query parameter of its id (a campaign, a click id...).
      var fromPage = new URLSearchParams(location.search).get(field.id) || '';
      return { wrapper: null, value: function () { return fromPage; } };
    }
    var wrapper = document.createElement('div');
    var label = document.createElement('label');
    label.textContent = field.label;
    if (field.required) {
      var star = document.createElement('span');
      star.className = 'req';
      star.textContent = ' *';
      label.appendChild(star);
    }
    if (field.type === 'checkbox') {
      var box = document.createElement('input');
      box.type = 'checkbox';
      box.id = id;
      label.className = 'choice';
      label.insertBefore(box, label.firstChild);
      wrapper.appendChild(label);
      return { wrapper: wrapper, value: function () { return box.checked; } };
    }
    if (field.type === 'radio' || field.type === 'multiselect') {
      wrapper.appendChild(label);
      var boxes = (field.options || []).map(function (option) {
        var line = document.createElement('label');
        line.className = 'choice';
        var input = document.createElement('input');
        input.type = field.type === 'radio' ? 'radio' : 'checkbox';
        input.name = id;
        input.value = option.value;
        line.appendChild(input);
        line.appendChild(document.createTextNode(option.label));
        wrapper.appendChild(line);
        return input;
      });
      var picked = function () { return boxes.filter(function (input) { return input.checked; }).map(function (input) { return input.value; }); };
      return { wrapper: wrapper, value: function () { return field.type === 'radio' ? picked()[0] || '' : picked(); } };
    }
    label.htmlFor = id;
    wrapper.appendChild(label);
    var control;
    if (field.type === 'textarea') {
      control = document.createElement('textarea');
      control.rows = 4;
    } else if (field.type === 'select') {
      control = document.createElement('select');
      control.appendChild(document.createElement('option'));
      (field.options || []).forEach(function (option) {
        var item = document.createElement('option');
        item.value = option.value;
        item.textContent = option.label;
        control.appendChild(item);
      });
    } else {
      control = document.createElement('input');
      control.type = { phone: 'tel', email: 'email', number: 'text', date: 'date' }[field.type] || 'text';
      if (field.type === 'number') control.inputMode = 'decimal';
    }
    control.id = id;
    control.name = field.id;
    if (field.autocomplete) control.autocomplete = field.autocomplete;
    if (field.required) control.required = true;
    wrapper.appendChild(control);
    return { wrapper: wrapper, value: function () { return control.value; } };
  }

  function closeButton(ui, onClose) {
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'x';
    button.setAttribute('aria-label', ui.close);
    button.textContent = '×';
    button.addEventListener('click', onClose);
    return button;
  }

  function focusFirst(container) {
    var first = container.querySelector('input:not([tabindex="-1"]),select,textarea');
    if (first) first.focus();
  }

  function utmOfPage() {
    var params = new URLSearchParams(location.search);
    var utm = null;
    ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'].forEach(function (key) {
      var value = params.get(key);
      if (value) (utm = utm || {})[key] = value.slice(0, 255);
    });
    return utm;
  }

  // Only a web address is followed after a submission: https, or http on this machine (a local
  // test site). A `javascript:` or `data:` address would run script on the page that embeds the
  // widget; whatever the service answered, such an address shows the success text instead.
  function redirectTarget(address) {
    if (typeof address !== 'string' || !address) return null;
    var url;
    try {
      url = new URL(address);
    } catch (error) {
      return null;
    }
    var local = url.protocol === 'http:' && /^(localhost|127\.0\.0\.1|\[::1\])$/.test(url.hostname);
    if (url.protocol === 'https:' || local) return url.href;
    console.warn('[svc] not following redirect_url ' + address.slice(0, 60) + ': only https addresses are followed');
    return null;
  }

  function textsFor(lang) {
    var base = String(lang || navigator.language || 'en').toLowerCase().split('-')[0];
    return TEXTS[base] || TEXTS.en;
  }

  function whenReady(work) {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', work);
    else work();
  }
})();
